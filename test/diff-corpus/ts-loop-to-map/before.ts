import type { User } from './model';

export function activeEmails(users: User[]): string[] {
  const result: string[] = [];
  for (let i = 0; i < users.length; i++) {
    const user = users[i];
    if (user.active && user.email) {
      result.push(user.email.toLowerCase());
    }
  }
  result.sort();
  return result;
}

export function byId(users: User[]): Map<string, User> {
  const map = new Map<string, User>();
  for (const user of users) {
    map.set(user.id, user);
  }
  return map;
}
