import type { User } from './model';

export function activeEmails(users: User[]): string[] {
  return users
    .filter((user) => user.active && user.email)
    .map((user) => user.email!.toLowerCase())
    .sort();
}

export function byId(users: User[]): Map<string, User> {
  return new Map(users.map((user) => [user.id, user]));
}
