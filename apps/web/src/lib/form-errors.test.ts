import { describe, expect, it } from 'vitest';
import { fieldPath } from './form-errors';

describe('fieldPath', () => {
  it('drops the request part of a server error path, in either notation', () => {
    expect(fieldPath('body.name.first')).toEqual(['name', 'first']);
    expect(fieldPath('body/members/0')).toEqual(['members', '0']);
    expect(fieldPath('memberOf')).toEqual(['memberOf']);
  });
});
