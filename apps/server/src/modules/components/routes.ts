import {
  Component,
  ComponentDetail,
  ComponentExportQuery,
  ComponentInput,
  ComponentList,
  ComponentListQuery,
  IdParams,
  majorUnits,
} from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unitWord, yesNo } from '../../lib/domain-words.js';
import { type ExportColumn, sendTable } from '../../lib/export/tabular-file.js';
import { withListTimeout } from '../../lib/list-timeout.js';
import { currentDepartment, inDepartment, requireRole, SIGNED_IN } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { organisationCurrencyExponent } from '../organisation/repository.js';
import { allComponents, listComponents } from './repository.js';
import { componentService } from './service.js';

const tags = ['components'];
const EDITORS = requireRole('worker', 'administrator');
const ADMINISTRATORS = requireRole('administrator');
const FILE = { 200: z.string().describe('CSV or XLSX file'), ...problems(400, 401) };

/** Export columns, money in the organisation currency's major units. */
function exportColumns(currencyExponent: number): ExportColumn<Component>[] {
  return [
    { header: { en: 'SKU', ru: 'Артикул' }, value: (row) => row.sku },
    { header: { en: 'Name', ru: 'Наименование' }, value: (row) => row.name },
    { header: { en: 'Category', ru: 'Категория' }, value: (row) => row.categoryPath },
    { header: { en: 'Manufacturer', ru: 'Производитель' }, value: (row) => row.manufacturer },
    { header: { en: 'Manufacturer part number', ru: 'Код производителя' }, value: (row) => row.manufacturerPartNumber },
    { header: { en: 'Package', ru: 'Корпус' }, value: (row) => row.package },
    { header: { en: 'Unit', ru: 'Ед. изм.' }, value: (row, lang) => unitWord(row.unit, lang) },
    { header: { en: 'Minimum stock', ru: 'Минимальный остаток' }, value: (row) => Number(row.minimumStock) },
    {
      header: { en: 'Default unit cost', ru: 'Цена по умолчанию' },
      value: (row) => majorUnits(row.defaultUnitCostMinor, currencyExponent),
    },
    { header: { en: 'Datasheet', ru: 'Документация' }, value: (row) => row.datasheetUrl },
    { header: { en: 'Archived', ru: 'В архиве' }, value: (row, lang) => yesNo(row.archived, lang) },
    { header: { en: 'Updated', ru: 'Изменён' }, value: (row) => row.updatedAt },
  ];
}

/** The company-wide component catalogue. */
export const componentRoutes: FastifyPluginAsyncZod = async (app) => {
  const components = componentService(app.db);

  app.get('', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Components, filtered, sorted and paginated',
      querystring: ComponentListQuery,
      response: { 200: ComponentList, ...problems(400, 401, 503) },
    },
    handler: async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const result = await withListTimeout(app.listDb, (db) =>
        listComponents(db, filters, { offset: (page - 1) * pageSize, limit: pageSize }),
      );
      return { ...result, page, pageSize };
    },
  });

  app.get('/export', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'The filtered catalogue as CSV or XLSX (streamed)',
      querystring: ComponentExportQuery,
      response: FILE,
    },
    handler: async (request, reply) => {
      const { format, lang, ...filters } = request.query;
      sendTable(reply, {
        name: 'components',
        format,
        lang,
        columns: exportColumns(await organisationCurrencyExponent(app.db)),
        rows: allComponents(app.db, filters),
      });
      return reply;
    },
  });

  app.post('', {
    config: { access: EDITORS },
    schema: {
      tags,
      summary: 'Create a component',
      body: ComponentInput,
      response: { 201: Component, ...problems(400, 401, 403, 409) },
    },
    handler: async (request, reply) => reply.status(201).send(await components.create(request.body)),
  });

  app.get('/:id', {
    config: { access: inDepartment(SIGNED_IN) },
    schema: {
      tags,
      summary: 'A component with its stock at each location of the current department',
      params: IdParams,
      response: { 200: ComponentDetail, ...problems(401, 403, 404) },
    },
    handler: (request) => components.detail(request.params.id, currentDepartment(request)),
  });

  app.put('/:id', {
    config: { access: EDITORS },
    schema: {
      tags,
      summary: "Replace a component's fields",
      params: IdParams,
      body: ComponentInput,
      response: { 200: Component, ...problems(400, 401, 403, 404, 409) },
    },
    handler: (request) => components.update(request.params.id, request.body),
  });

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(`/:id/${action}`, {
      config: { access: ADMINISTRATORS },
      schema: {
        tags,
        summary: archived
          ? 'Archive a component (kept with its history, hidden from pickers)'
          : 'Restore an archived component',
        params: IdParams,
        response: { 200: Component, ...problems(401, 403, 404) },
      },
      handler: (request) => components.setArchived(request.params.id, archived),
    });
  }

  app.delete('/:id', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Delete a component that was never moved',
      params: IdParams,
      response: { 204: z.null(), ...problems(401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await components.remove(request.params.id);
      return reply.status(204).send(null);
    },
  });
};
