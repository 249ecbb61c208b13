import { APP_FEATURES, type AppFeature } from '@tun/shared/app-settings';
import { grantsOf } from '@tun/shared/policy';
import { describe, expect, it } from 'vitest';
import { canAccess } from '../entities/session/access';
import { FEATURE_PAGES, featureOfPage, PAGE_ACCESS, pageIsOn } from './pages';
import { MAIN_NAV, SETUP_NAV } from './shell/nav-items';

const allOn: AppFeature[] = [...APP_FEATURES];
const allBut = (off: AppFeature) => allOn.filter((feature) => feature !== off);

describe('pages of switchable features', () => {
  it('gives every page to at most one feature', () => {
    const pages = Object.values(FEATURE_PAGES).flat();
    expect(new Set(pages).size).toBe(pages.length);
  });

  it('maps the feature pages the nav shows, and the scan page, to their features', () => {
    expect(featureOfPage('posts')).toBe('posts');
    expect(featureOfPage('files')).toBe('files');
    for (const page of ['attendance', 'attendanceProposals', 'attendanceReport', 'scan'] as const) {
      expect(featureOfPage(page)).toBe('attendance');
    }
    expect(featureOfPage('newGroup')).toBe('groups');
    expect(featureOfPage('supervision')).toBe('supervision');
    expect(featureOfPage('foodPlanner')).toBe('foodPlan');
    expect(featureOfPage('janitor')).toBe('maintenance');
  });

  it('keeps the pages every school has, setup included, whatever is switched off', () => {
    for (const page of [
      'dashboard',
      'calendar',
      'rooms',
      'students',
      'appSetup',
      'schoolInfoSetup',
    ] as const) {
      expect(featureOfPage(page)).toBeUndefined();
      expect(pageIsOn([], page)).toBe(true);
    }
    expect(pageIsOn([], undefined)).toBe(true);
  });

  it('hides exactly the switched-off feature’s pages', () => {
    for (const feature of APP_FEATURES) {
      const features = allBut(feature);
      const navPages = [...MAIN_NAV, ...SETUP_NAV].map((item) => item.page);
      const hidden = navPages.filter((page) => !pageIsOn(features, page));
      expect(hidden.length).toBeGreaterThan(0);
      expect(hidden.every((page) => featureOfPage(page) === feature)).toBe(true);
    }
  });

  it('names only pages that have an access rule, or the scan page every signed-in user may open', () => {
    for (const page of Object.values(FEATURE_PAGES).flat()) {
      expect(page === 'scan' || page in PAGE_ACCESS).toBe(true);
    }
  });
});

describe('the app setup page', () => {
  it('opens to everyone signed in: installing the app and push are for all, the form for admins', () => {
    for (const roles of [['admin'], ['teacher'], [], ['tv']] as const) {
      expect(canAccess(grantsOf([...roles]), PAGE_ACCESS.appSetup)).toBe(true);
    }
  });
});
