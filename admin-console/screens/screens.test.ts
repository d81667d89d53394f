import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONSOLE_SCREEN_ENTRIES,
  CONSOLE_SCREENS_OFF_SIDEBAR,
  screenForPath,
  visibleSections,
} from '../../api/contract/console-screens';
import { PERMISSIONS } from '../../api/contract/permissions';
import { CONSOLE_SCREENS } from '../screen-list';
import { permissionOf, screenPath } from './screen';

const REACT_LAZY = Symbol.for('react.lazy');
const pathsOf = CONSOLE_SCREENS.map(screenPath);

describe('the console screen list', () => {
  it('has exactly one screen for every sidebar item of api/contract/console-screens.ts', () => {
    for (const entry of CONSOLE_SCREEN_ENTRIES) {
      expect(
        pathsOf.filter((p) => p === entry.path),
        entry.path,
      ).toHaveLength(1);
    }
  });

  it('has exactly one screen for every screen off the sidebar, which no sidebar shows', () => {
    const sidebar = visibleSections(PERMISSIONS).flatMap((s) => s.items.map((i) => i.path));
    for (const entry of CONSOLE_SCREENS_OFF_SIDEBAR) {
      expect(
        pathsOf.filter((p) => p === entry.path),
        entry.path,
      ).toHaveLength(1);
      expect(sidebar, entry.path).not.toContain(entry.path);
      expect(screenForPath(`${entry.path}/create`), entry.path).toBe(entry);
    }
  });

  it('registers no path twice', () => {
    expect(new Set(pathsOf).size).toBe(pathsOf.length);
  });

  it('takes every path and permission from the contract: a sidebar item, or a page under one', () => {
    for (const screen of CONSOLE_SCREENS) {
      const path = screenPath(screen);
      const entry = screenForPath(path);
      expect(entry, path).toBeDefined();
      expect(path === entry?.path || path.startsWith(`${entry?.path}/`), path).toBe(true);
      expect(permissionOf(screen), path).toBe(entry?.permission);
    }
  });

  it('names a permission of its own only for editing employees (MANAGE_EMPLOYEES)', () => {
    const own = CONSOLE_SCREENS.filter((s) => s.editPermission).map((s) => [s.name, s.editPermission]);
    expect(own).toEqual([['employees', 'MANAGE_EMPLOYEES']]);
  });

  it('has one home screen, and edit/create pages only on react-admin resources', () => {
    expect(CONSOLE_SCREENS.filter((s) => s.kind === 'dashboard')).toHaveLength(1);
    for (const screen of CONSOLE_SCREENS.filter((s) => s.kind !== 'resource')) {
      expect([screen.edit, screen.create], screen.name).toEqual([undefined, undefined]);
    }
  });
});

describe('lazy loading', () => {
  it('gives every page as React.lazy, so each stays its own chunk', () => {
    for (const screen of CONSOLE_SCREENS) {
      for (const page of [screen.list, screen.edit, screen.create].filter(Boolean)) {
        expect((page as unknown as { $$typeof: symbol }).$$typeof, screen.name).toBe(REACT_LAZY);
      }
    }
  });

  it('keeps screen code out of every folder index (no static import of the folder’s files)', () => {
    const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true }).filter((d) =>
      d.isDirectory(),
    );
    for (const folder of folders) {
      const index = readFileSync(new URL(`./${folder.name}/index.ts`, import.meta.url), 'utf8');
      expect(index, folder.name).not.toMatch(/^import [^;]* from '\.\/[^']*';/m);
    }
  });
});
