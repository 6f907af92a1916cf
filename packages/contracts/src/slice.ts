import type { Locale } from './locale.ts';
import type { ResourceDef } from './resource.ts';

type Labels = Readonly<Record<Locale, string>>;

/** A page or menu group of a slice, as in the route table (routes.ts); its permission is one of the slice's own. */
interface SliceRoute {
  readonly path: string;
  readonly name?: string;
  readonly titleKey?: string;
  readonly icon?: string;
  readonly permission?: string;
  readonly order: number;
  readonly requiresAuth: boolean;
  readonly hideInMenu?: boolean;
  readonly tab?: boolean;
  readonly closable?: boolean;
  /** The page's first data calls, sent with the document (routes.ts, `RouteNode.firstCalls`). */
  readonly firstCalls?: readonly string[];
  readonly children?: readonly SliceRoute[];
}

/**
 * A role a slice brings: created with the sample data of an empty database outside production (db/seed),
 * as a custom role an administrator may then edit or delete. Its name and description are shown in the
 * reader's language until an administrator changes them.
 */
interface SliceRole {
  readonly name: Labels;
  readonly description: Labels;
  /** What it holds besides what the slices grant it (`grants`): the core's permissions, such as `audit:read`. */
  readonly permissions?: readonly string[];
}

/**
 * A slice: a group of pages that joins the product through one registry line per package (slices.ts here,
 * `apps/server/src/slices.ts`, `apps/web/src/slices.ts`) and leaves it the same way (docs/architecture.md).
 * The core imports no slice; the registries are the only files that name one.
 *
 * What a slice brings to the tables the contracts share: its permissions (and their groups and labels),
 * the roles it brings and what the built-in `user` role and those roles hold of them, its routes and menu entries, the landing page when it
 * has one and its validation texts. Its calls and its part of a user's stored preferences join from the
 * registry's slice-calls.ts (kept apart so the permission type does not depend on the calls that name it,
 * and so the console's first load, which needs the routes and texts, does not load the schemas).
 */
export interface SliceDef {
  readonly name: string;
  /** `resource:action` -> its group in the role editor and its label. */
  readonly permissions?: Readonly<Record<string, { readonly group: string; readonly label: Labels }>>;
  /** The labels of the groups the slice's permissions name (a group may be shared by two slices). */
  readonly permissionGroups?: Readonly<Record<string, Labels>>;
  /** What each permission's resource (the part before the colon) is called in the role editor. */
  readonly permissionResources?: Readonly<Record<string, Labels>>;
  /**
   * Which of its permission resources hold records that belong to a department and an owner (data-scope.ts):
   * a role may give each of them a data scope of its own.
   */
  readonly scopedResources?: readonly string[];
  /** Roles of its own, by code (`ROLE_CODE_PATTERN`, not a built-in role's). */
  readonly roles?: Readonly<Record<string, SliceRole>>;
  /** The slice's permissions that a role holds, by the role's code: the built-in `user`, or a role a slice brings (`roles`, its own or another's). */
  readonly grants?: Readonly<Record<string, readonly string[]>>;
  readonly routes?: readonly SliceRoute[];
  /** Where a signed-in user lands; the first slice that has one wins, else the core's home page. */
  readonly landing?: { readonly name: string; readonly path: string; readonly titleKey: string };
  /** The texts of its forms' rules and its server checks, per language (merged into `validationMessages`). */
  readonly validationMessages?: Readonly<Record<Locale, Readonly<Record<string, string>>>>;
  /**
   * A team's resource, when the slice is one (resourceSlice, resource-slice.ts: docs/resources.md): its
   * page joins the route table, its calls the call table, from the definition.
   */
  readonly resource?: ResourceDef;
}
