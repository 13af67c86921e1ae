import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * A real, tiny file system (tmpfs) mounted over a folder, for uploads meeting a full or
 * read-only disk. Tests run as root, whom permission bits do not stop (chmod 0555 would not
 * keep them out), but a full tmpfs refuses root with ENOSPC, a read-only one with EROFS, and an
 * immutable folder (chattr +i) with EPERM, as on a production server.
 */
export class SmallDisk {
  private constructor(readonly folder: string) {}

  /** Mounts `size` (e.g. '256k') over `folder`, hiding what was there until unmounted. */
  static mount(folder: string, size: string): SmallDisk {
    fs.mkdirSync(folder, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', folder]);
    return new SmallDisk(folder);
  }

  /** Writable again, at `size`. */
  resize(size: string): void {
    execFileSync('mount', ['-o', `remount,rw,size=${size}`, this.folder]);
  }

  readOnly(): void {
    execFileSync('mount', ['-o', 'remount,ro', this.folder]);
  }

  /** Makes `folder` (on this disk) immutable or not: no file may be created in it, even by root. */
  immutable(folder: string, on: boolean): void {
    execFileSync('chattr', [on ? '+i' : '-i', folder]);
  }

  unmount(): void {
    execFileSync('umount', ['--lazy', this.folder]);
  }
}
