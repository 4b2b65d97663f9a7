import {
  AdministeredDepartment,
  AdministeredDepartmentList,
  DepartmentListQuery,
  DepartmentNaming,
  IdParams,
} from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { departmentAdministration } from './service.js';

const tags = ['departments'];
const ADMINISTRATORS = requireRole('administrator');

/** The departments administration (issue #26): administrators only, everyone else 403. */
export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const administration = departmentAdministration(app.db);
  const actorOf = (request: Parameters<typeof authOf>[0]) => ({ userId: authOf(request).userId, ip: request.ip });

  app.get('', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Every department with its members and whether it holds stock, active, archived or both',
      querystring: DepartmentListQuery,
      response: { 200: AdministeredDepartmentList, ...problems(400, 401, 403) },
    },
    handler: async (request) => ({ items: await administration.list(request.query.status) }),
  });

  app.post('', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Create a department',
      description:
        'DEPARTMENT_NAME_TAKEN (409) when another department, archived or not, has the name in any letter case.',
      body: DepartmentNaming,
      response: { 201: AdministeredDepartment, ...problems(400, 401, 403, 409) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await administration.create(request.body, actorOf(request))),
  });

  app.put('/:id', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Rename a department',
      description:
        'DEPARTMENT_NAME_TAKEN (409) when another department, archived or not, has the name in any letter case.',
      params: IdParams,
      body: DepartmentNaming,
      response: { 200: AdministeredDepartment, ...problems(400, 401, 403, 404, 409) },
    },
    handler: (request) => administration.rename(request.params.id, request.body, actorOf(request)),
  });

  app.post('/:id/archive', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Archive a department: it leaves the switcher and every picker, its history stays',
      description:
        'DEPARTMENT_HOLDS_STOCK (409) while any of its locations holds a non-zero balance; DEPARTMENT_HAS_MEMBERS (409, with `members`) while members belong to no other active department. Sessions working in it move to another of their departments at their next refresh. Archiving an archived department changes nothing.',
      params: IdParams,
      response: { 200: AdministeredDepartment, ...problems(400, 401, 403, 404, 409) },
    },
    handler: (request) => administration.archive(request.params.id, actorOf(request)),
  });

  app.post('/:id/restore', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Restore an archived department with the members it kept',
      params: IdParams,
      response: { 200: AdministeredDepartment, ...problems(400, 401, 403, 404) },
    },
    handler: (request) => administration.restore(request.params.id, actorOf(request)),
  });
};
