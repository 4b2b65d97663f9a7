import type { FakeAccountData, FakeContact, FakeEvent, FakeLead, FakeNote, NoteEntity } from './data.js';
import { hal, link, listFilter, ordering, page, problem, type Reply, rangeFilter } from './hal.js';

const MAX_LIMIT = 250;
/** The events list pages by 100 at most. */
const MAX_EVENTS_LIMIT = 100;

type Route = (url: URL, data: FakeAccountData, base: string) => Reply;

function idsFilter(url: URL, name: string): ((id: number) => boolean) | undefined {
  const ids = listFilter(url, name);
  if (!ids) return undefined;
  const wanted = new Set(ids.map(Number));
  return (id) => wanted.has(id);
}

function leadResource(lead: FakeLead, data: FakeAccountData, base: string, include: Set<string>) {
  const { contacts, ...fields } = lead;
  const embedded: Record<string, unknown> = { tags: [], companies: [] };
  if (include.has('contacts')) {
    embedded.contacts = contacts.map((contact) => ({
      ...contact,
      _links: link(`${base}/api/v4/contacts/${contact.id}`),
    }));
  }
  if (include.has('loss_reason')) {
    const reason = data.lossReasons.find((candidate) => candidate.id === lead.loss_reason_id);
    embedded.loss_reason = reason
      ? [{ ...reason, _links: link(`${base}/api/v4/leads/loss_reasons/${reason.id}`) }]
      : [];
  }
  return { ...fields, _links: link(`${base}/api/v4/leads/${lead.id}`), _embedded: embedded };
}

const leads: Route = (url, data, base) => {
  const include = new Set((url.searchParams.get('with') ?? '').split(','));
  const byId = idsFilter(url, 'id');
  const inPipeline = idsFilter(url, 'pipeline_id');
  const updated = rangeFilter(url, 'updated_at');
  const created = rangeFilter(url, 'created_at');
  const matching = data.leads
    .filter(
      (lead) =>
        !lead.is_deleted &&
        (!byId || byId(lead.id)) &&
        (!inPipeline || inPipeline(lead.pipeline_id)) &&
        updated(lead.updated_at) &&
        created(lead.created_at),
    )
    .sort(ordering<FakeLead>(url, ['updated_at', 'created_at', 'id'], { field: 'id', direction: 'asc' }));
  return page(url, 'leads', matching, MAX_LIMIT, (lead) => leadResource(lead, data, base, include));
};

const contacts: Route = (url, data, base) => {
  const byId = idsFilter(url, 'id');
  const updated = rangeFilter(url, 'updated_at');
  const matching = data.contacts
    .filter((contact) => !contact.is_deleted && (!byId || byId(contact.id)) && updated(contact.updated_at))
    .sort(ordering<FakeContact>(url, ['updated_at', 'id'], { field: 'id', direction: 'asc' }));
  return page(url, 'contacts', matching, MAX_LIMIT, (contact) => ({
    ...contact,
    _links: link(`${base}/api/v4/contacts/${contact.id}`),
    _embedded: { tags: [], companies: [] },
  }));
};

function notesOf(entity: NoteEntity): Route {
  return (url, data, base) => {
    const types = listFilter(url, 'note_type');
    const byEntity = idsFilter(url, 'entity_id');
    const updated = rangeFilter(url, 'updated_at');
    const matching = data.notes
      .filter(
        (note) =>
          note.entity_type === entity &&
          (!types || types.includes(note.note_type)) &&
          (!byEntity || byEntity(note.entity_id)) &&
          updated(note.updated_at),
      )
      .sort(ordering<FakeNote>(url, ['updated_at', 'id'], { field: 'id', direction: 'asc' }));
    return page(url, 'notes', matching, MAX_LIMIT, ({ entity_type: _, ...note }) => ({
      ...note,
      _links: link(`${base}/api/v4/${entity}/${note.entity_id}/notes/${note.id}`),
    }));
  };
}

const events: Route = (url, data, base) => {
  const types = listFilter(url, 'type');
  const entities = listFilter(url, 'entity');
  const authors = idsFilter(url, 'created_by');
  const created = rangeFilter(url, 'created_at');
  const matching = data.events
    .filter(
      (event) =>
        (!types || types.includes(event.type)) &&
        (!entities || entities.includes(event.entity_type)) &&
        (!authors || authors(event.created_by)) &&
        created(event.created_at),
    )
    // The events list has no `order` parameter; it lists the newest first.
    .sort(ordering<FakeEvent>(url, [], { field: 'created_at', direction: 'desc' }));
  return page(url, 'events', matching, MAX_EVENTS_LIMIT, (event) => ({
    ...event,
    _links: link(`${base}/api/v4/events/${event.id}`),
    _embedded: {
      entity: { id: event.entity_id, _links: link(`${base}/api/v4/${event.entity_type}s/${event.entity_id}`) },
    },
  }));
};

const account: Route = (_url, data, base) => hal({ ...data.account, _links: link(`${base}/api/v4/account`) });

const users: Route = (url, data, base) =>
  page(url, 'users', data.users, MAX_LIMIT, (user) => ({ ...user, _links: link(`${base}/api/v4/users/${user.id}`) }));

const pipelines: Route = (_url, data, base) =>
  hal({
    _total_items: data.pipelines.length,
    _links: link(`${base}/api/v4/leads/pipelines`),
    _embedded: {
      pipelines: data.pipelines.map(({ statuses, ...pipeline }) => ({
        ...pipeline,
        _links: link(`${base}/api/v4/leads/pipelines/${pipeline.id}`),
        _embedded: {
          statuses: statuses.map((status) => ({
            ...status,
            _links: link(`${base}/api/v4/leads/pipelines/${pipeline.id}/statuses/${status.id}`),
          })),
        },
      })),
    },
  });

const lossReasons: Route = (url, data, base) =>
  page(url, 'loss_reasons', data.lossReasons, MAX_LIMIT, (reason) => ({
    ...reason,
    _links: link(`${base}/api/v4/leads/loss_reasons/${reason.id}`),
  }));

const leadFields: Route = (url, data, base) =>
  page(url, 'custom_fields', data.leadFields, MAX_LIMIT, (field) => ({
    ...field,
    _links: link(`${base}/api/v4/leads/custom_fields/${field.id}`),
  }));

const ROUTES: Record<string, Route> = {
  '/api/v4/account': account,
  '/api/v4/users': users,
  '/api/v4/leads/pipelines': pipelines,
  '/api/v4/leads/loss_reasons': lossReasons,
  '/api/v4/leads/custom_fields': leadFields,
  '/api/v4/leads': leads,
  '/api/v4/contacts': contacts,
  '/api/v4/leads/notes': notesOf('leads'),
  '/api/v4/contacts/notes': notesOf('contacts'),
  '/api/v4/events': events,
};

/** Answers one authorised GET request from the account's data. */
export function route(url: URL, data: FakeAccountData, base: string): Reply {
  const handler = ROUTES[url.pathname.replace(/\/+$/, '')];
  if (!handler) return problem(404, 'Not Found', `Cannot GET ${url.pathname}`);
  return handler(url, data, base);
}
