/**
 * The account menu on its own, as the header renders it: the per-viewer part of a page kept for a whole class
 * of viewers (src/pageCache/memberPages.ts). Its styles are the kept page's already (rendered there for a
 * stand-in user with the same components), so they are collected here only to be dropped.
 */
import { renderToString } from 'react-dom/server';
import { UserMenu } from '../../views/layout/UserMenu';
import type { ShellUser } from '../../views/layout/shell';
import { serverStyleSheet } from './styleSheet';

export function renderUserMenu(user: ShellUser): string {
  const sheet = serverStyleSheet();
  try {
    return renderToString(sheet.collectStyles(<UserMenu user={user} />));
  } finally {
    sheet.seal();
  }
}
