import { describe, expect, it } from 'vitest';
import { personOptions } from './filters';

describe('the people of the audit trail’s pickers', () => {
  it('are named, with the e-mail only where two share a name', () => {
    expect(
      personOptions([
        { id: 'a', name: 'Anna Petrova', email: 'anna@example.com' },
        { id: 'b', name: 'Ivan Orlov', email: 'ivan@example.com' },
        { id: 'c', name: 'Anna Petrova', email: 'anna.p@example.com' },
      ]),
    ).toEqual([
      { value: 'a', label: 'Anna Petrova (anna@example.com)' },
      { value: 'b', label: 'Ivan Orlov' },
      { value: 'c', label: 'Anna Petrova (anna.p@example.com)' },
    ]);
  });
});
