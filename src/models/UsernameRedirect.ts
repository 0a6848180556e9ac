import { BaseModel } from './BaseModel';

/** An old custom URL of a profile, kept working until another member claims the name. */
export class UsernameRedirect extends BaseModel {
  static override tableName = 'username_redirects';
  static override idColumn = 'username';

  /** Lower-cased. */
  username!: string;
  profileId!: number;
  createdAt!: Date;
}
