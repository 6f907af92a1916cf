import { describe, expect, it } from 'vitest';
import { isAuditedCall } from './call.ts';
import { allCalls } from './calls/index.ts';
import { builtInRoleCodes, builtInRoles, isPermission, permissions, ROLE_CODE_PATTERN, roleDisplayText, systemPermissions } from './permissions.ts';
import { resourceCalls } from './resource-calls.ts';
import { resourceImportCalls } from './resource-import.ts';
import { flattenRoutes, routeTable } from './routes.ts';
import { resources, sliceDefs } from './slices.ts';

describe('the permission catalogue and the tables that name it', () => {
  it('names only catalogue permissions on pages and calls, and every permission is used', () => {
    const named = [...flattenRoutes(routeTable).map((r) => r.permission), ...allCalls.map((c) => c.permission)].filter((p) => p !== undefined);
    expect(named.filter((p) => !isPermission(p))).toEqual([]);
    expect(permissions.filter((p) => !named.includes(p))).toEqual([]);
  });

  it('gives every call a unique dotted id', () => {
    const ids = allCalls.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    // a resource's calls start with its name, which may be camel case (`productLine.list`)
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*(\.[a-z-]+)+$/.test(id))).toEqual([]);
    expect(allCalls.filter((c) => c.path.startsWith('/api/system/') && !c.id.startsWith('system.')).map((c) => c.id)).toEqual([]);
  });

  it('audits every call that changes data and the exports; a call that is not a GET changes data unless it only reads', () => {
    // A life cycle's answer to a transition name that is none of its own refuses before reading anything;
    // the document cookie only hands this browser a cookie for its own session.
    const unknownTransitions = resources.flatMap((r) => (r.lifecycle ? [resourceCalls(r).unknownTransition!.id] : []));
    expect(allCalls.filter((c) => c.method !== 'GET' && !c.writes).map((c) => c.id)).toEqual(['user.document-cookie', 'user.info', ...unknownTransitions]);
    // A GET that writes: company sign-in's callback (a browser's navigation makes or updates the account).
    expect(allCalls.filter((c) => c.method === 'GET' && c.writes).map((c) => c.id)).toEqual(['auth.company-sign-in']);
    // The audited reads: the callback and the files handed out (the exports: the audit log's, a slice's, each
    // resource's; each resource's import report).
    const auditedReads = allCalls.filter((c) => c.method === 'GET' && isAuditedCall(c)).map((c) => c.id);
    expect(auditedReads).toEqual(expect.arrayContaining(['auth.company-sign-in', 'system.audit.export', ...resources.flatMap((r) => [resourceCalls(r).export.id, resourceImportCalls(r).report.id])]));
    expect(auditedReads.filter((id) => id !== 'auth.company-sign-in' && !id.endsWith('.export') && !id.endsWith('.import-report'))).toEqual([]);
  });

  it('derives the built-in roles: admin holds everything, user what any role had before', () => {
    expect([...builtInRoles.admin.permissions].sort()).toEqual([...permissions].sort());
    expect(systemPermissions.every((p) => !builtInRoles.user.permissions.includes(p))).toBe(true);
  });

  it('keeps the slices’ roles and grants to role codes and permissions that exist', () => {
    const codes = sliceDefs.flatMap((s) => Object.keys(s.roles ?? {}));
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((code) => !ROLE_CODE_PATTERN.test(code) || (builtInRoleCodes as string[]).includes(code))).toEqual([]);
    const grants = sliceDefs.flatMap((s) => Object.entries(s.grants ?? {}));
    expect(grants.map(([role]) => role).filter((role) => role !== 'user' && !codes.includes(role))).toEqual([]);
    const held = [...grants.flatMap(([, granted]) => granted), ...sliceDefs.flatMap((s) => Object.values(s.roles ?? {}).flatMap((r) => r.permissions ?? []))];
    expect(held.filter((p) => !isPermission(p))).toEqual([]);
  });

  it('names a built-in role in the reader’s language and a custom one as stored, whatever its code', () => {
    expect(roleDisplayText({ code: 'user', name: '普通用户', description: 'x' }, 'en-US')).toEqual({ name: 'User', description: 'Read access to the product pages' });
    for (const code of ['constructor', 'reviewer']) expect(roleDisplayText({ code, name: 'Builder', description: 'Builds' }, 'en-US')).toEqual({ name: 'Builder', description: 'Builds' });
  });
});
