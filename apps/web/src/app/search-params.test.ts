import { describe, expect, it } from 'vitest';
import { SSO_ERRORS } from '@tun/shared/sso';
import {
  attendanceSearch,
  classDetailsSearch,
  filesSearch,
  loginSearch,
  parseSearch,
  SSO_SIGN_IN_ERRORS,
  stringifySearch,
} from './search-params';

describe('search params', () => {
  it('keeps ids as strings, all-digit ones too', () => {
    expect(classDetailsSearch(parseSearch('?classId=42'))).toEqual({ classId: '42' });
    expect(classDetailsSearch(parseSearch('?classId=abc'))).toEqual({ classId: 'abc' });
  });

  it('takes the folder of /app/files as a string id', () => {
    expect(filesSearch(parseSearch('?folder=17'))).toEqual({ folder: '17' });
    expect(filesSearch(parseSearch('?folder='))).toEqual({});
  });

  it('drops a bad value instead of failing the page', () => {
    expect(attendanceSearch(parseSearch('?type=room&id=e1'))).toEqual({ id: 'e1' });
    expect(attendanceSearch(parseSearch('?type=event&id='))).toEqual({ type: 'event' });
    expect(attendanceSearch({})).toEqual({});
  });

  it("takes the login page's single sign-on error, only one the server sends", () => {
    expect(loginSearch(parseSearch('?sso-error=sso-cancelled'))).toEqual({ 'sso-error': 'sso-cancelled' });
    expect(loginSearch(parseSearch('?sso-error=forbidden&redirect=/app'))).toEqual({ redirect: '/app' });
    expect(SSO_SIGN_IN_ERRORS).toEqual(SSO_ERRORS);
  });

  it('round-trips through the URL', () => {
    const search = { type: 'student', id: 'u 1/ø' };
    expect(parseSearch(stringifySearch(search))).toEqual(search);
    expect(stringifySearch({ classId: undefined })).toBe('');
  });
});
