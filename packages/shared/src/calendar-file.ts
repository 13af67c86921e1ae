/**
 * An activity's calendar file (.ics) is saved under its title, without the characters file systems
 * refuse. A module of its own, free of zod: the public pages' client imports it, and a name taken
 * from schemas/activities.ts would bring zod into every public page.
 */
export const calendarFileName = (title: string) => `${title.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')}.ics`;
