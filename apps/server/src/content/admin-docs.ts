/** OpenAPI grouping of the back-office content calls (/api/XfSysBussiness/ menus, articles, positions, banners, links, types, uploads). */
export const contentAdminDocs = { tags: ['content-admin'] };
