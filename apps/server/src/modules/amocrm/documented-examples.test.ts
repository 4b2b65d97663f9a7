import { describe, expect, it } from 'vitest';
import { AmoCrmError, createAmoCrmClient } from './client.js';

// Each kind of answer the product reads, as amoCRM's API v4 documentation shows it: the fields and shapes of the
// documentation's examples (https://www.amocrm.ru/developers/content/crm_platform/…, the page named in each
// test), with made-up values. Whatever the documentation shows and the product does not use must not fail a read.

/** A client whose every request amoCRM answers with `body`. */
function answering(body: unknown) {
  return createAmoCrmClient({
    baseUrl: 'https://example.amocrm.ru',
    token: 'documented-examples',
    fetch: async () =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/hal+json' } }),
  });
}

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages) items.push(...page);
  return items;
}

const link = (path: string) => ({ self: { href: `https://example.amocrm.ru${path}` } });

describe("amoCRM's documented examples", () => {
  it("reads the account as amoCRM's documentation shows it, without created_at, and one with its id alone", async () => {
    // Shaped after amoCRM's API v4 documentation page "Account Parameters" (GET /api/v4/account), whose
    // example has no `created_at`, with the fields a real account adds; the values are made up.
    const documented = {
      id: 29_145_784,
      name: 'example',
      subdomain: 'example',
      created_by: 0,
      updated_at: 1_673_927_032,
      updated_by: 0,
      current_user_id: 6_520_033,
      country: 'RU',
      currency: 'RUB',
      currency_symbol: '₽',
      customers_mode: 'disabled',
      is_unsorted_on: true,
      mobile_feature_version: 0,
      is_loss_reason_enabled: true,
      is_helpbot_enabled: false,
      is_technical_account: true,
      contact_name_display_order: 1,
      _links: { self: { href: 'https://example.amocrm.ru/api/v4/account' } },
    };
    expect(await answering(documented).account()).toEqual({ id: 29_145_784 });
    expect(await answering({ id: 7 }).account()).toEqual({ id: 7 });
    await expect(answering({ name: 'no id' }).account()).rejects.toThrow(AmoCrmError);
  });

  it('reads a lead as the "Leads" page of amoCRM\'s API v4 documentation shows one: no contacts, a date field, tags and companies', async () => {
    // The fields and shapes of the documentation's example of one lead (GET /api/v4/leads/{id}), values made up.
    const lead = {
      id: 17_001,
      name: 'Example lead',
      price: 25_000,
      responsible_user_id: 320_001,
      group_id: 0,
      status_id: 2_001,
      pipeline_id: 1_101,
      loss_reason_id: null,
      source_id: null,
      created_by: 12_001,
      updated_by: 12_002,
      created_at: 1_587_741_000,
      updated_at: 1_588_241_000,
      closed_at: null,
      closest_task_at: null,
      is_deleted: false,
      custom_fields_values: [
        {
          field_id: 1_278_001,
          field_name: 'A custom field',
          field_code: null,
          field_type: 'date',
          values: [{ value: '2020-05-08' }],
        },
      ],
      score: null,
      account_id: 115_001,
      _links: { self: { href: 'https://example.amocrm.ru/api/v4/leads/17001' } },
      _embedded: {
        tags: [{ id: 1_252_001, name: 'An example tag' }],
        companies: [
          { id: 40_401_001, _links: { self: { href: 'https://example.amocrm.ru/api/v4/companies/40401001' } } },
        ],
      },
    };
    const found = await collect(answering({ _embedded: { leads: [lead] } }).leadsByIds([lead.id]));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      id: 17_001,
      price: 25_000,
      responsible_user_id: 320_001,
      status_id: 2_001,
      pipeline_id: 1_101,
      closed_at: null,
    });
  });

  it('reads the users of the account as the "Users and roles" page of the documentation lists them', async () => {
    // Shaped after the example of amoCRM's API v4 documentation page "Users and roles" (GET /api/v4/users
    // with=role,group): rights per entity, per stage, flags, and the embedded roles and groups; values made up.
    const entityRights = { view: 'A', edit: 'A', add: 'A', delete: 'A', export: 'A' };
    const documented = {
      _total_items: 2,
      _page: 1,
      _page_count: 1,
      _links: { self: { href: 'https://example.amocrm.ru/api/v4/users/?with=role,group&page=1&limit=250' } },
      _embedded: {
        users: [
          {
            id: 123_123,
            name: 'Пользователь для примера 1',
            email: 'example1@mail.com',
            lang: 'ru',
            rights: {
              leads: entityRights,
              contacts: entityRights,
              companies: entityRights,
              tasks: { edit: 'A', delete: 'A' },
              mail_access: false,
              catalog_access: false,
              status_rights: [
                {
                  entity_type: 'leads',
                  pipeline_id: 2_194_576,
                  status_id: 30_846_277,
                  rights: { edit: 'A', view: 'A', delete: 'A' },
                },
              ],
              is_admin: true,
              is_free: false,
              is_active: true,
              group_id: null,
              role_id: null,
            },
            _links: { self: { href: 'https://example.amocrm.ru/api/v4/users/123123/' } },
            _embedded: {
              roles: [],
              groups: [{ id: 0, name: 'Отдел продаж' }],
            },
          },
          {
            id: 321_321,
            name: 'Пользователь для примера 2',
            email: 'example2@mail.com',
            lang: 'en',
            rights: {
              leads: { view: 'M', edit: 'M', add: 'A', delete: 'D', export: 'D' },
              is_admin: false,
              is_free: false,
              is_active: false,
              group_id: 1,
              role_id: 2_222,
            },
            _links: { self: { href: 'https://example.amocrm.ru/api/v4/users/321321/' } },
            _embedded: {
              roles: [{ id: 2_222, name: 'Менеджер', _links: { self: { href: '/api/v4/roles/2222/' } } }],
              groups: [{ id: 1, name: 'Отдел продаж' }],
            },
          },
        ],
      },
    };
    expect(await answering(documented).users()).toEqual([
      { id: 123_123, name: 'Пользователь для примера 1', email: 'example1@mail.com', rights: { is_active: true } },
      { id: 321_321, name: 'Пользователь для примера 2', email: 'example2@mail.com', rights: { is_active: false } },
    ]);
    // Only the id is required: a user without a name, an e-mail or rights is still read.
    expect(await answering({ _embedded: { users: [{ id: 7 }] } }).users()).toEqual([{ id: 7 }]);
    await expect(answering({ _embedded: { users: [{ name: 'no id' }] } }).users()).rejects.toThrow(AmoCrmError);
  });

  it('reads pipelines with their statuses ("Leads pipelines and statuses", GET /api/v4/leads/pipelines)', async () => {
    const status = (id: number, name: string, sort: number, type: number, editable: boolean) => ({
      id,
      name,
      sort,
      is_editable: editable,
      pipeline_id: 3_177_727,
      color: '#c1c1c1',
      type,
      account_id: 12_345_678,
      _links: link(`/api/v4/leads/pipelines/3177727/statuses/${id}`),
    });
    const body = {
      _total_items: 1,
      _links: link('/api/v4/leads/pipelines'),
      _embedded: {
        pipelines: [
          {
            id: 3_177_727,
            name: 'Воронка',
            sort: 1,
            is_main: true,
            is_unsorted_on: true,
            is_archive: false,
            account_id: 12_345_678,
            _links: link('/api/v4/leads/pipelines/3177727'),
            _embedded: {
              statuses: [
                status(32_392_156, 'Неразобранное', 10, 1, false),
                status(32_392_159, 'Первичный контакт', 20, 0, true),
                status(142, 'Успешно реализовано', 10_000, 0, false),
                status(143, 'Закрыто и не реализовано', 11_000, 0, false),
              ],
            },
          },
        ],
      },
    };
    const [pipeline] = await answering(body).pipelines();
    expect(pipeline).toMatchObject({ id: 3_177_727, name: 'Воронка', is_main: true, is_archive: false });
    expect(pipeline?._embedded.statuses.map((item) => item.id)).toEqual([32_392_156, 32_392_159, 142, 143]);
  });

  it('reads loss reasons ("Loss reasons", GET /api/v4/leads/loss_reasons)', async () => {
    const body = {
      _page: 1,
      _links: link('/api/v4/leads/loss_reasons?page=1&limit=250'),
      _embedded: {
        loss_reasons: [
          {
            id: 4_241,
            name: 'Дорого',
            sort: 100_000,
            created_at: 1_588_244_011,
            updated_at: 1_588_244_011,
            _links: link('/api/v4/leads/loss_reasons/4241'),
          },
          {
            id: 4_243,
            name: 'Выбрали конкурента',
            sort: 200_000,
            created_at: 1_588_244_012,
            updated_at: 1_588_244_012,
            _links: link('/api/v4/leads/loss_reasons/4243'),
          },
        ],
      },
    };
    expect(await answering(body).lossReasons()).toEqual([
      { id: 4_241, name: 'Дорого', sort: 100_000 },
      { id: 4_243, name: 'Выбрали конкурента', sort: 200_000 },
    ]);
  });

  it('reads custom fields of leads, a list with its options and a field without any ("Custom fields", GET /api/v4/leads/custom_fields)', async () => {
    const common = {
      account_id: 12_345_678,
      sort: 510,
      is_api_only: false,
      group_id: null,
      required_statuses: [],
      is_deletable: true,
      is_predefined: false,
      entity_type: 'leads',
      remind: null,
      triggers: [],
      currency: null,
      hidden_statuses: [],
      chained_lists: null,
    };
    const body = {
      _total_items: 2,
      _page: 1,
      _page_count: 1,
      _links: link('/api/v4/leads/custom_fields?limit=250&page=1'),
      _embedded: {
        custom_fields: [
          {
            ...common,
            id: 3_091_189,
            name: 'Способ оплаты',
            type: 'select',
            code: null,
            enums: [
              { id: 7_075_191, value: 'Наличные', sort: 500 },
              { id: 7_075_193, value: 'Карта', sort: 1 },
            ],
            _links: link('/api/v4/leads/custom_fields/3091189'),
          },
          {
            ...common,
            id: 3_091_191,
            name: 'Дата доставки',
            type: 'date',
            code: null,
            enums: null,
            _links: link('/api/v4/leads/custom_fields/3091191'),
          },
        ],
      },
    };
    const fields = await answering(body).leadFields();
    expect(
      fields.map(({ id, type, enums }) => ({ id, type, options: enums?.map((option) => option.value) ?? null })),
    ).toEqual([
      { id: 3_091_189, type: 'select', options: ['Наличные', 'Карта'] },
      { id: 3_091_191, type: 'date', options: null },
    ]);
  });

  it('reads contacts with their custom fields, tags and companies ("Contacts", GET /api/v4/contacts)', async () => {
    const body = {
      _page: 1,
      _links: link('/api/v4/contacts?limit=250&page=1'),
      _embedded: {
        contacts: [
          {
            id: 7_143_599,
            name: 'Иван Петров',
            first_name: 'Иван',
            last_name: 'Петров',
            responsible_user_id: 504_141,
            group_id: 0,
            created_by: 504_141,
            updated_by: 504_141,
            created_at: 1_582_117_331,
            updated_at: 1_590_943_929,
            closest_task_at: null,
            is_deleted: false,
            is_unsorted: false,
            custom_fields_values: [
              {
                field_id: 1_207_151,
                field_name: 'Телефон',
                field_code: 'PHONE',
                field_type: 'multitext',
                values: [{ value: '+79001234567', enum_id: 2_976_523, enum_code: 'WORK' }],
              },
            ],
            account_id: 28_805_383,
            _links: link('/api/v4/contacts/7143599'),
            _embedded: { tags: [], companies: [] },
          },
        ],
      },
    };
    const [contact] = await collect(answering(body).contactsByIds([7_143_599]));
    expect(contact).toEqual({
      id: 7_143_599,
      name: 'Иван Петров',
      first_name: 'Иван',
      last_name: 'Петров',
      updated_at: 1_590_943_929,
    });
  });

  it('reads call notes with their parameters ("Notes", GET /api/v4/leads/notes)', async () => {
    const body = {
      _page: 1,
      _links: link('/api/v4/leads/notes?limit=250&page=1'),
      _embedded: {
        notes: [
          {
            id: 76_610_421,
            entity_id: 167_353,
            created_by: 940_088,
            updated_by: 940_088,
            created_at: 1_588_841_241,
            updated_at: 1_588_841_241,
            responsible_user_id: 940_088,
            group_id: 0,
            note_type: 'call_in',
            params: {
              uniq: '8f52d38a-5fb3-406d-93a3-a4832dc28f8b',
              duration: 60,
              source: 'onlinePBX',
              link: 'https://example.com/records/76610421.mp3',
              phone: '+79999999999',
            },
            account_id: 17_079_863,
            _links: link('/api/v4/leads/167353/notes/76610421'),
          },
        ],
      },
    };
    const [note] = await collect(answering(body).callNotesSince('leads', 1_588_000_000));
    expect(note).toMatchObject({ id: 76_610_421, entity_id: 167_353, note_type: 'call_in', params: { duration: 60 } });
  });

  it('reads outgoing chat message events ("Events and notes", GET /api/v4/events)', async () => {
    const body = {
      _page: 1,
      _links: link('/api/v4/events?filter[type]=outgoing_chat_message&limit=100&page=1'),
      _embedded: {
        events: [
          {
            id: '01pz58t6p04vjn8x3e4y0wncpd',
            type: 'outgoing_chat_message',
            entity_id: 18_155_471,
            entity_type: 'contact',
            created_by: 939_801,
            created_at: 1_591_272_081,
            value_after: [
              { message: { id: '2b8a2d1c-5b4c-4b2d-8e4f-6c0f1a9e7d31', origin: 'telegram', talk_id: 1_234 } },
            ],
            value_before: [],
            account_id: 17_079_858,
            _links: link('/api/v4/events/01pz58t6p04vjn8x3e4y0wncpd'),
            _embedded: { entity: { id: 18_155_471, _links: link('/api/v4/contacts/18155471') } },
          },
        ],
      },
    };
    const [event] = await collect(answering(body).outgoingChatMessagesSince(1_591_000_000));
    expect(event).toEqual({
      id: '01pz58t6p04vjn8x3e4y0wncpd',
      type: 'outgoing_chat_message',
      entity_id: 18_155_471,
      entity_type: 'contact',
      created_by: 939_801,
      created_at: 1_591_272_081,
    });
  });
});
