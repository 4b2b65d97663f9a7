import {
  DepartmentList,
  IdParams,
  MANAGEMENT_TYPE_WORDS,
  ManagedUser,
  ROLE_WORDS,
  TemporaryPasswordRequest,
  TemporaryPasswordResponse,
  USER_STATUS_WORDS,
  UserChange,
  UserCreate,
  UserExportQuery,
  UserList,
  UserListQuery,
  YES_NO_WORDS,
} from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExportColumn, sendTable } from '../../lib/export/tabular-file.js';
import { authOf, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { allManagedUsers, listAllDepartments, listManagedUsers } from './repository.js';
import { userAdministration } from './service.js';
import { giveTemporaryPassword } from './temporary-password.js';

const tags = ['users'];
const ADMINISTRATORS = requireRole('administrator');

const EXPORT_COLUMNS: ExportColumn<ManagedUser>[] = [
  { header: { en: 'Name', ru: 'Имя' }, value: (row) => row.name },
  { header: { en: 'E-mail', ru: 'E-mail' }, value: (row) => row.email },
  { header: { en: 'Role', ru: 'Роль' }, value: (row, lang) => ROLE_WORDS[row.role][lang] },
  {
    header: { en: 'Departments', ru: 'Отделы' },
    value: (row) => row.departments.map((department) => department.name).join(', '),
  },
  { header: { en: 'AMO ID', ru: 'AMO ID' }, value: (row) => row.amoId },
  {
    header: { en: 'Management type', ru: 'Тип управления' },
    value: (row, lang) => (row.managementType ? MANAGEMENT_TYPE_WORDS[row.managementType][lang] : null),
  },
  { header: { en: 'Status', ru: 'Статус' }, value: (row, lang) => USER_STATUS_WORDS[row.status][lang] },
  {
    header: { en: 'Two-factor sign-in', ru: 'Двухфакторный вход' },
    value: (row, lang) => YES_NO_WORDS[lang][row.twoFactorEnabled ? 'yes' : 'no'],
  },
  { header: { en: 'Created', ru: 'Создан' }, value: (row) => row.createdAt },
];

/** The users administration (PRODUCT.md §4 "Users"): administrators only, everyone else 403. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const administration = userAdministration(app.db);
  const actorOf = (request: Parameters<typeof authOf>[0]) => ({ userId: authOf(request).userId, ip: request.ip });

  app.get('', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Users, searched, filtered, sorted and paginated',
      querystring: UserListQuery,
      response: { 200: UserList, ...problems(400, 401, 403) },
    },
    handler: async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const result = await listManagedUsers(app.db, filters, { offset: (page - 1) * pageSize, limit: pageSize });
      return { ...result, page, pageSize };
    },
  });

  app.get('/export', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'The filtered users as CSV or XLSX (streamed)',
      querystring: UserExportQuery,
      response: { 200: z.string().describe('CSV or XLSX file'), ...problems(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { format, lang, ...filters } = request.query;
      sendTable(reply, {
        name: 'users',
        format,
        lang,
        columns: EXPORT_COLUMNS,
        rows: allManagedUsers(app.db, filters),
      });
      return reply;
    },
  });

  app.get('/departments', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: "Every department that is not archived, for choosing a user's departments",
      response: { 200: DepartmentList, ...problems(401, 403) },
    },
    handler: async () => ({ items: await listAllDepartments(app.db) }),
  });

  app.post('', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Create a user with a password typed by the administrator',
      description:
        'EMAIL_TAKEN or AMO_ID_TAKEN (409) when another user has that e-mail or AMO ID; VALIDATION_FAILED (400) for an unknown or archived department.',
      body: UserCreate,
      response: { 201: ManagedUser, ...problems(400, 401, 403, 409) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await administration.create(request.body, actorOf(request))),
  });

  app.get('/:id', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'A user',
      params: IdParams,
      response: { 200: ManagedUser, ...problems(400, 401, 403, 404) },
    },
    handler: (request) => administration.get(request.params.id),
  });

  app.put('/:id', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: "Replace a user's name, e-mail, role, departments, AMO ID and management type",
      description:
        'CANNOT_DEMOTE_SELF (409) for your own administrator role; LAST_ADMINISTRATOR (409) for the last active administrator; EMAIL_TAKEN or AMO_ID_TAKEN (409). Leads follow a new AMO ID or departments at once.',
      params: IdParams,
      body: UserChange,
      response: { 200: ManagedUser, ...problems(400, 401, 403, 404, 409) },
    },
    handler: (request) => administration.update(request.params.id, request.body, actorOf(request)),
  });

  app.post('/:id/deactivate', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Deactivate a user: they cannot sign in, and every session of theirs ends at once',
      description:
        'CANNOT_DEACTIVATE_SELF (409) for yourself; LAST_ADMINISTRATOR (409) for the last active administrator.',
      params: IdParams,
      response: { 200: ManagedUser, ...problems(400, 401, 403, 404, 409) },
    },
    handler: (request) => administration.deactivate(request.params.id, actorOf(request)),
  });

  app.post('/:id/reactivate', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Let a deactivated user sign in again',
      params: IdParams,
      response: { 200: ManagedUser, ...problems(400, 401, 403, 404) },
    },
    handler: (request) => administration.reactivate(request.params.id, actorOf(request)),
  });

  app.post('/:id/temporary-password', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Give a user a temporary password, typed or generated, that they must replace at their next sign-in',
      description:
        'Answers the password this once; it is stored only hashed and never audited. Every session of the user ends at once; until they set a new password, their sessions answer 403 PASSWORD_CHANGE_REQUIRED to everything but /auth/me and POST /profile/password. CANNOT_SET_OWN_TEMPORARY_PASSWORD (409) for yourself; USER_DEACTIVATED (409) for a deactivated user.',
      params: IdParams,
      body: TemporaryPasswordRequest,
      response: { 200: TemporaryPasswordResponse, ...problems(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      // The password is in this answer alone: no cache or proxy may keep it.
      reply.header('cache-control', 'no-store');
      return giveTemporaryPassword(
        app.db,
        { userId: request.params.id, password: request.body.password },
        actorOf(request),
      );
    },
  });
};
