import { GroupCreateSchema, GroupMembershipRequestSchema, GroupUpdateSchema } from './communities';

describe('group contracts', () => {
  it('fills the spec defaults, also for blank icon and colour', () => {
    const base = { name: ' Hikers ', description: 'We walk a lot.' };
    expect(GroupCreateSchema.parse(base)).toEqual({
      name: 'Hikers',
      description: 'We walk a lot.',
      icon: 'users',
      color: '#009688',
    });
    expect(GroupCreateSchema.parse({ ...base, icon: '', color: null })).toMatchObject({
      icon: 'users',
      color: '#009688',
    });
  });

  it('answers the spec messages verbatim', () => {
    const result = GroupCreateSchema.safeParse({ name: 'ab', description: 'short' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Group name must be at least 3 characters',
      'Description must be at least 10 characters',
    ]);
  });

  it('accepts only #RRGGBB colours', () => {
    const base = { name: 'Hikers', description: 'We walk a lot.' };
    expect(GroupCreateSchema.safeParse({ ...base, color: '#aBc123' }).success).toBe(true);
    for (const color of ['#abc', 'red', '#1234567', '009688']) {
      expect(GroupCreateSchema.safeParse({ ...base, color }).success).toBe(false);
    }
  });

  it('reads groupId as a number or a numeric string, nothing else', () => {
    expect(GroupMembershipRequestSchema.parse({ groupId: '12' })).toEqual({ groupId: 12 });
    for (const groupId of [undefined, null, true, 'abc', 0, -1, 1.5, 2 ** 31]) {
      expect(GroupMembershipRequestSchema.safeParse({ groupId }).success).toBe(false);
    }
  });

  it('refuses an empty or unknown update', () => {
    expect(GroupUpdateSchema.safeParse({}).success).toBe(false);
    expect(GroupUpdateSchema.safeParse({ creatorId: 3 }).success).toBe(false);
    expect(GroupUpdateSchema.parse({ color: '#123456' })).toEqual({ color: '#123456' });
  });
});
