import type { Linter } from 'eslint';

export interface Zone {
  target: string | string[];
  from: string | string[];
  except?: string[];
  message?: string;
}
export declare function importBoundaries(packageDir: string, zones: Zone[]): Linter.Config[];
export declare function subfolders(packageDir: string, folder: string): string[];
export declare function apart(rooms: string[], what: (room: string) => string, message: string): Zone[];
