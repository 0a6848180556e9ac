/**
 * Every island, by name (the name is the file name). The server renders them from here; the build makes
 * one browser entry per top-level islands/*.tsx file. Add each new island here.
 */
import UserMenu from './UserMenu';

export const islands = {
  UserMenu,
};
