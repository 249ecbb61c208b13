import { useElementSize } from '@mantine/hooks';
import { isScreenDark, type ScreenCheckIn, type ScreenContent, type ScreenPanel } from '@tun/shared/screens';
import { todayInSchoolZone } from '@tun/shared/time';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/dates';
import { schoolClock } from './screen-model';
import {
  CheckInPanel,
  ClockPanel,
  MenuPanel,
  PostsPanel,
  ProgrammePanel,
  SupervisionPanel,
} from './screen-panels';
import './screen-display.css';

/** The canvas the screen is laid out on; it is scaled to the TV (or the preview) it is shown on. */
const CANVAS = {
  landscape: { width: 1920, height: 1080 },
  portrait: { width: 1080, height: 1920 },
} as const;

/**
 * Panels that take what room there is. The others are short and share a column beside them
 * (landscape) or a band of two columns above or below them (portrait), where the first of
 * them is in the layout's order.
 */
const WIDE_PANELS: ReadonlySet<ScreenPanel> = new Set(['programme', 'posts']);

export interface ScreenDisplayProps {
  content: ScreenContent;
  checkIn: ScreenCheckIn | null;
  now: Date;
  /** Set while the TV cannot reach the server: the content then says how old it is. */
  offlineSince: Date | null;
  /** In the layout editor: scaled into its container, and never dark. */
  preview?: boolean;
}

/**
 * What an info screen shows (SPEC §2 /screen): the panels of its layout in their order, the
 * emergency banner above everything, and a black page in its dark hours. It keeps no state of
 * its own: the TV page and the layout editor's preview give it the content and the time.
 */
export function ScreenDisplay({ content, checkIn, now, offlineSince, preview = false }: ScreenDisplayProps) {
  const { t } = useTranslation();
  const { ref, width, height } = useElementSize();
  const { layout } = content.screen;
  const canvas = CANVAS[layout.orientation];
  // Measured before the first paint by ResizeObserver; until then the canvas is drawn unscaled
  // and hidden, so it never flashes at the wrong size.
  const scale = width > 0 && height > 0 ? Math.min(width / canvas.width, height / canvas.height) : 0;
  const dark = !preview && isScreenDark(content.screen.schedule, schoolClock(now));
  const emergency = content.emergency;

  const panel = (id: ScreenPanel): ReactNode => {
    switch (id) {
      case 'programme':
        return <ProgrammePanel key={id} programme={content.programme} now={now} />;
      case 'menu':
        return <MenuPanel key={id} menu={content.menu} />;
      case 'supervision':
        return <SupervisionPanel key={id} supervision={content.supervision} />;
      case 'posts':
        return <PostsPanel key={id} posts={content.posts} now={now} />;
      case 'clock':
        return <ClockPanel key={id} now={now} />;
      case 'checkIn':
        return <CheckInPanel key={id} checkIn={checkIn} offline={offlineSince !== null} />;
    }
  };

  const wide = layout.panels.filter((id) => WIDE_PANELS.has(id));
  const narrow = layout.panels.filter((id) => !WIDE_PANELS.has(id));
  // The short panels' column stands where the first of them is in the layout's order.
  const narrowFirst =
    narrow.length > 0 && layout.panels[0] !== undefined && !WIDE_PANELS.has(layout.panels[0]);
  const narrowColumn =
    narrow.length > 0 ? (
      <div className="tun-screen-column tun-screen-column-narrow" data-alone={wide.length === 0 || undefined}>
        {narrow.map(panel)}
      </div>
    ) : null;
  const Root = preview ? 'div' : 'main';

  return (
    <div
      ref={ref}
      className="tun-screen-frame"
      data-preview={preview || undefined}
      data-orientation={layout.orientation}
    >
      <Root
        className="tun-screen"
        data-dark={dark || undefined}
        aria-label={preview ? t('screens.display.previewLabel', { name: content.screen.name }) : undefined}
        style={{
          width: canvas.width,
          height: canvas.height,
          left: (width - canvas.width * scale) / 2,
          top: (height - canvas.height * scale) / 2,
          transform: `scale(${scale})`,
          visibility: scale > 0 ? 'visible' : 'hidden',
        }}
      >
        {emergency && (
          <div className="tun-screen-emergency" role="alert">
            <p className="tun-screen-emergency-title">{t('screens.display.emergency')}</p>
            <p className="tun-screen-emergency-message">{emergency.message}</p>
          </div>
        )}
        {dark ? (
          // Burn-in friendly: nothing lit but what must be (the banner above).
          <span className="tun-screen-visually-hidden">{t('screens.display.dark')}</span>
        ) : (
          <>
            {/* The banner stands in its place: the room it would take is the panels'. */}
            <header
              className={emergency ? 'tun-screen-visually-hidden' : 'tun-screen-header'}
              style={{ borderColor: content.school.themeColor }}
            >
              {preview ? (
                <p className="tun-screen-school">{content.school.longName}</p>
              ) : (
                <h1 className="tun-screen-school">{content.school.longName}</h1>
              )}
              {content.screen.place && <p className="tun-screen-place">{content.screen.place}</p>}
            </header>
            <div className="tun-screen-panels" data-orientation={layout.orientation}>
              {narrowFirst && narrowColumn}
              {wide.map((id) => (
                <div key={id} className="tun-screen-column" data-column={id}>
                  {panel(id)}
                </div>
              ))}
              {!narrowFirst && narrowColumn}
            </div>
            {offlineSince && <OfflineStamp generatedAt={content.generatedAt} now={now} />}
          </>
        )}
      </Root>
    </div>
  );
}

/** «Sist oppdatert kl. …»: the content is the last the server gave, kept while the network is gone. */
function OfflineStamp({ generatedAt, now }: { generatedAt: string; now: Date }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const updated = new Date(generatedAt);
  const sameDay = todayInSchoolZone(updated) === todayInSchoolZone(now);
  return (
    <p className="tun-screen-offline" role="status">
      {sameDay
        ? t('screens.display.offline', { time: format.time(updated) })
        : t('screens.display.offlineDate', {
            date: format.date(updated, { day: 'numeric', month: 'long' }),
            time: format.time(updated),
          })}
    </p>
  );
}
