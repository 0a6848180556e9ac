/** Turns models into the JSON the API returns and islands receive. Never includes a password hash. */
import type { User } from '../models/User';

export interface UserJson {
  id: number;
  name: string;
  email: string;
  role: User['role'];
  isActive: boolean;
  username: string | null;
  createdAt: string;
  updatedAt: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentUser(user: User): UserJson {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    isActive: user.isActive,
    username: user.username,
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
  };
}
