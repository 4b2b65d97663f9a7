import { type Random, seededRandom } from '../../apps/server/src/lib/seeded-random.js';

// Records are kept in amoCRM's own field names, so the server only adds `_links` and `_embedded`.

export const WON_STATUS_ID = 142;
export const LOST_STATUS_ID = 143;
export const PAYMENT_METHOD_FIELD_ID = 1_204_101;
export const ORDER_NUMBER_FIELD_ID = 1_204_103;

const DAY = 86_400;
const HISTORY_DAYS = 180;
/** Generated activity stops an hour before `now`, so anything a test changes afterwards is strictly newer. */
const QUIET_SECONDS = 3_600;

export type CustomFieldValue = {
  field_id: number;
  field_name: string;
  field_code: string | null;
  field_type: string;
  values: { value: string; enum_id?: number; enum_code?: string | null }[];
};

export type FakeUser = {
  id: number;
  /** Absent only on users a test adds without one: amoCRM's API may leave them out. */
  name?: string;
  email?: string;
  lang: 'ru' | 'en';
  rights: { is_admin: boolean; is_free: boolean; is_active: boolean; group_id: number | null; role_id: number | null };
};

export type FakeStatus = {
  id: number;
  name: string;
  sort: number;
  is_editable: boolean;
  pipeline_id: number;
  color: string;
  type: 0 | 1;
  account_id: number;
};

export type FakePipeline = {
  id: number;
  name: string;
  sort: number;
  is_main: boolean;
  is_unsorted_on: boolean;
  is_archive: boolean;
  account_id: number;
  statuses: FakeStatus[];
};

export type FakeLossReason = { id: number; name: string; sort: number; created_at: number; updated_at: number };

export type FakeCustomField = {
  id: number;
  name: string;
  type: 'select' | 'text';
  account_id: number;
  code: string | null;
  sort: number;
  is_api_only: boolean;
  enums: { id: number; value: string; sort: number }[] | null;
  group_id: string | null;
  required_statuses: never[];
  is_deletable: boolean;
  is_predefined: boolean;
  entity_type: 'leads';
};

export type FakeContact = {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  responsible_user_id: number;
  group_id: number;
  created_by: number;
  updated_by: number;
  created_at: number;
  updated_at: number;
  closest_task_at: null;
  is_deleted: boolean;
  is_unsorted: boolean;
  custom_fields_values: CustomFieldValue[] | null;
  account_id: number;
};

export type FakeLead = {
  id: number;
  name: string;
  price: number;
  responsible_user_id: number;
  group_id: number;
  status_id: number;
  pipeline_id: number;
  loss_reason_id: number | null;
  created_by: number;
  updated_by: number;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
  closest_task_at: null;
  is_deleted: boolean;
  custom_fields_values: CustomFieldValue[] | null;
  score: null;
  account_id: number;
  /** Linked contacts, served as `_embedded.contacts` with `with=contacts`. */
  contacts: { id: number; is_main: boolean }[];
};

export type NoteEntity = 'leads' | 'contacts';

export type FakeNote = {
  id: number;
  entity_type: NoteEntity;
  entity_id: number;
  created_by: number;
  updated_by: number;
  created_at: number;
  updated_at: number;
  responsible_user_id: number;
  group_id: number;
  note_type: 'call_in' | 'call_out' | 'common';
  params: Record<string, string | number>;
  account_id: number;
};

export type FakeEvent = {
  id: string;
  type: 'outgoing_chat_message' | 'incoming_chat_message';
  entity_id: number;
  entity_type: 'lead' | 'contact';
  created_by: number;
  created_at: number;
  value_after: { message: { id: string; origin: string; talk_id: number } }[];
  value_before: never[];
  account_id: number;
};

export type FakeAccount = {
  id: number;
  name: string;
  subdomain: string;
  created_at: number;
  created_by: number;
  updated_at: number;
  updated_by: number;
  current_user_id: number;
  country: string;
  currency: string;
  currency_symbol: string;
  customers_mode: string;
  is_unsorted_on: boolean;
  is_loss_reason_enabled: boolean;
  is_helpbot_enabled: boolean;
  is_technical_account: boolean;
  contact_name_display_order: number;
};

export type FakeAccountData = {
  account: FakeAccount;
  users: FakeUser[];
  pipelines: FakePipeline[];
  lossReasons: FakeLossReason[];
  leadFields: FakeCustomField[];
  contacts: FakeContact[];
  leads: FakeLead[];
  notes: FakeNote[];
  events: FakeEvent[];
};

export type GenerateOptions = {
  users: number;
  leads: number;
  seed: number;
  /** Unix seconds that generated dates count back from. */
  now: number;
};

const RU_MALE = ['Алексей', 'Дмитрий', 'Сергей', 'Иван', 'Михаил', 'Андрей', 'Николай', 'Павел', 'Артём', 'Максим'];
const RU_FEMALE = ['Анна', 'Мария', 'Екатерина', 'Ольга', 'Елена', 'Наталья', 'Татьяна', 'Ирина', 'Дарья', 'Юлия'];
const RU_SURNAMES = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Новиков', 'Морозов'];
const EN_FIRST = ['James', 'Emily', 'Michael', 'Sarah', 'David', 'Olivia', 'Daniel', 'Sophie', 'Thomas', 'Grace'];
const EN_LAST = ['Smith', 'Johnson', 'Brown', 'Taylor', 'Wilson', 'Clark', 'Walker', 'Hughes', 'Evans', 'Baker'];
const RU_COMPANIES = ['ООО «Ромашка»', 'АО «Элекон»', 'ЗАО «Техносфера»', 'ИП Белов', 'ООО «Микроприбор»'];
const EN_COMPANIES = ['Acme Ltd', 'Northwind Traders', 'Globex', 'Initech', 'Umbrella Components'];
const RU_PRODUCTS = ['Резисторы SMD 0603', 'Конденсаторы 100 мкФ', 'Микроконтроллеры STM32', 'Разъёмы USB-C'];
const EN_PRODUCTS = ['LED strips 5050', 'Relay modules', 'Power supplies 12V', 'Arduino kits', 'Stepper drivers'];
const PAYMENT_METHODS = ['Cash', 'Card', 'Bank transfer', 'Installments'];
const LOSS_REASONS = ['Дорого', 'Выбрали конкурента', 'Нет бюджета', 'Не выходит на связь', 'Сроки не устроили'];
const CHAT_ORIGINS = ['telegram', 'whatsapp', 'instagram', 'avito'];
const STATUS_COLORS = ['#c1e0ff', '#99ccff', '#ffcc66', '#ffdc7f', '#deff81', '#ccc8f9'];
const OPEN_STATUSES = [
  'Неразобранное',
  'Первичный контакт',
  'Переговоры',
  'Принимают решение',
  'Согласование договора',
];

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

function latin(text: string): string {
  return [...text.toLowerCase()].map((letter) => TRANSLIT[letter] ?? letter).join('');
}

type Person = { first: string; last: string; russian: boolean };

function person(random: Random): Person {
  if (random.chance(0.6)) {
    const female = random.chance(0.5);
    const surname = random.pick(RU_SURNAMES);
    return { first: random.pick(female ? RU_FEMALE : RU_MALE), last: female ? `${surname}а` : surname, russian: true };
  }
  return { first: random.pick(EN_FIRST), last: random.pick(EN_LAST), russian: false };
}

function phone(random: Random, russian: boolean): string {
  const block = (digits: number) => String(random.int(0, 10 ** digits - 1)).padStart(digits, '0');
  return russian
    ? `+7 9${block(2)} ${block(3)}-${block(2)}-${block(2)}`
    : `+1 ${random.int(201, 989)} ${block(3)}-${block(4)}`;
}

function buildPipelines(accountId: number): FakePipeline[] {
  const names = ['Продажи', 'Online orders'];
  return names.map((name, index) => {
    const id = 7_000_001 + index;
    const open: FakeStatus[] = OPEN_STATUSES.map((statusName, position) => ({
      id: 61_000_000 + index * 100 + position + 1,
      name: statusName,
      sort: (position + 1) * 10,
      is_editable: position > 0,
      pipeline_id: id,
      color: STATUS_COLORS[position % STATUS_COLORS.length] ?? '#c1e0ff',
      type: position === 0 ? 1 : 0,
      account_id: accountId,
    }));
    // 142 and 143 carry the same ids in every pipeline of a real account.
    const closed: FakeStatus[] = [
      { id: WON_STATUS_ID, name: 'Успешно реализовано', sort: 10_000, color: '#CCFF66' },
      { id: LOST_STATUS_ID, name: 'Закрыто и не реализовано', sort: 11_000, color: '#D5D8DB' },
    ].map((status) => ({ ...status, is_editable: false, pipeline_id: id, type: 0, account_id: accountId }));
    return {
      id,
      name,
      sort: (index + 1) * 10,
      is_main: index === 0,
      is_unsorted_on: true,
      is_archive: false,
      account_id: accountId,
      statuses: [...open, ...closed],
    };
  });
}

function buildLeadFields(accountId: number): FakeCustomField[] {
  const common = {
    account_id: accountId,
    code: null,
    is_api_only: false,
    group_id: null,
    required_statuses: [],
    is_deletable: true,
    is_predefined: false,
    entity_type: 'leads' as const,
  };
  return [
    {
      id: PAYMENT_METHOD_FIELD_ID,
      name: 'Payment method',
      type: 'select',
      ...common,
      sort: 510,
      enums: PAYMENT_METHODS.map((value, index) => ({ id: 880_001 + index, value, sort: (index + 1) * 10 })),
    },
    { id: ORDER_NUMBER_FIELD_ID, name: 'Order number', type: 'text', ...common, sort: 520, enums: null },
  ];
}

/** Builds a whole account deterministically from the seed: the same options always give the same data. */
export function generateAccountData(options: GenerateOptions): FakeAccountData {
  const random = seededRandom(options.seed);
  const accountId = 30_000_000 + (options.seed % 1_000_000);
  const latest = options.now - QUIET_SECONDS;
  const earliest = latest - HISTORY_DAYS * DAY;

  const emails = new Set<string>();
  const users: FakeUser[] = Array.from({ length: options.users }, (_, index) => {
    const who = person(random);
    let email = `${latin(who.first)}.${latin(who.last)}@example.com`;
    if (emails.has(email)) email = email.replace('@', `${index + 1}@`);
    emails.add(email);
    return {
      id: 8_123_401 + index,
      name: `${who.first} ${who.last}`,
      email,
      lang: who.russian ? 'ru' : 'en',
      rights: { is_admin: index === 0, is_free: false, is_active: true, group_id: null, role_id: null },
    };
  });
  if (users.length === 0) throw new Error('the stand-in needs at least one user');

  const pipelines = buildPipelines(accountId);
  const lossReasons: FakeLossReason[] = LOSS_REASONS.map((name, index) => ({
    id: 5_100_001 + index,
    name,
    sort: (index + 1) * 10,
    created_at: earliest,
    updated_at: earliest,
  }));
  const leadFields = buildLeadFields(accountId);
  const paymentField = leadFields[0];

  const contacts: FakeContact[] = [];
  const contactPhones = new Map<number, string>();
  const newContact = (responsible: number, createdAt: number): FakeContact => {
    const who = person(random);
    const contactPhone = phone(random, who.russian);
    const contact: FakeContact = {
      id: 40_000_001 + contacts.length,
      name: `${who.first} ${who.last}`,
      first_name: who.first,
      last_name: who.last,
      responsible_user_id: responsible,
      group_id: 0,
      created_by: responsible,
      updated_by: responsible,
      created_at: createdAt,
      updated_at: createdAt,
      closest_task_at: null,
      is_deleted: false,
      is_unsorted: false,
      custom_fields_values: [
        {
          field_id: 1_100_001,
          field_name: 'Телефон',
          field_code: 'PHONE',
          field_type: 'multitext',
          values: [{ value: contactPhone, enum_id: 770_001, enum_code: 'WORK' }],
        },
        {
          field_id: 1_100_003,
          field_name: 'Email',
          field_code: 'EMAIL',
          field_type: 'multitext',
          values: [
            { value: `${latin(who.first)}.${latin(who.last)}@mail.example`, enum_id: 770_011, enum_code: 'WORK' },
          ],
        },
      ],
      account_id: accountId,
    };
    contacts.push(contact);
    contactPhones.set(contact.id, contactPhone);
    return contact;
  };

  const leads: FakeLead[] = [];
  const notes: FakeNote[] = [];
  const events: FakeEvent[] = [];

  for (let index = 0; index < options.leads; index++) {
    const user = random.pick(users);
    const pipeline = random.chance(0.75) ? pipelines[0] : pipelines[1];
    if (!pipeline) throw new Error('pipelines are missing');
    const createdAt = random.int(earliest, latest);
    const outcome = random.next();
    const won = outcome < 0.35;
    const lost = !won && outcome < 0.6;
    const closedAt = won || lost ? Math.min(createdAt + random.int(3_600, 45 * DAY), latest) : null;
    const openStatuses = pipeline.statuses.filter(
      (status) => status.id !== WON_STATUS_ID && status.id !== LOST_STATUS_ID,
    );
    const statusId = won ? WON_STATUS_ID : lost ? LOST_STATUS_ID : random.pick(openStatuses).id;
    const lastTouch = closedAt ?? Math.min(createdAt + random.int(0, 10 * DAY), latest);

    const linked: FakeLead['contacts'] = [];
    if (random.chance(0.95)) {
      const repeatCustomer = contacts.length > 0 && random.chance(0.1);
      const main = repeatCustomer ? random.pick(contacts) : newContact(user.id, createdAt);
      linked.push({ id: main.id, is_main: true });
      if (random.chance(0.1)) linked.push({ id: newContact(user.id, createdAt).id, is_main: false });
    }

    const russian = random.chance(0.6);
    const title = russian
      ? `${random.pick(RU_PRODUCTS)} — ${random.pick(RU_COMPANIES)}`
      : `${random.pick(EN_PRODUCTS)} for ${random.pick(EN_COMPANIES)}`;
    const fields: CustomFieldValue[] = [];
    if (paymentField?.enums && random.chance(0.85)) {
      const choice = random.pick(paymentField.enums);
      fields.push({
        field_id: paymentField.id,
        field_name: paymentField.name,
        field_code: null,
        field_type: 'select',
        values: [{ value: choice.value, enum_id: choice.id, enum_code: null }],
      });
    }
    if (random.chance(0.5)) {
      fields.push({
        field_id: ORDER_NUMBER_FIELD_ID,
        field_name: 'Order number',
        field_code: null,
        field_type: 'text',
        values: [{ value: `CM-${String(random.int(1, 99_999)).padStart(5, '0')}` }],
      });
    }

    const lead: FakeLead = {
      id: 20_000_001 + index,
      name: random.chance(0.04) ? '' : title,
      price: Math.round((5_000 * Math.exp(random.next() * 5.7)) / 100) * 100,
      responsible_user_id: user.id,
      group_id: 0,
      status_id: statusId,
      pipeline_id: pipeline.id,
      loss_reason_id: lost && random.chance(0.9) ? random.pick(lossReasons).id : null,
      created_by: user.id,
      updated_by: user.id,
      created_at: createdAt,
      updated_at: lastTouch,
      closed_at: closedAt,
      closest_task_at: null,
      is_deleted: false,
      custom_fields_values: fields.length > 0 ? fields : null,
      score: null,
      account_id: accountId,
      contacts: linked,
    };
    leads.push(lead);

    const mainContact = linked[0]?.id;
    const when = () => random.int(createdAt, lastTouch);
    for (let call = random.int(0, 3); call > 0; call--) {
      // About a third of the calls land on the contact's card rather than the lead's, as with real telephony.
      const onContact = mainContact !== undefined && random.chance(0.3);
      const entityId = onContact ? mainContact : lead.id;
      const answered = random.chance(0.8);
      const duration = answered ? random.int(15, 900) : 0;
      const createdNoteAt = when();
      const uniq = random.hex(32);
      notes.push({
        id: 90_000_001 + notes.length,
        entity_type: onContact ? 'contacts' : 'leads',
        entity_id: entityId,
        created_by: user.id,
        updated_by: user.id,
        created_at: createdNoteAt,
        updated_at: createdNoteAt,
        responsible_user_id: user.id,
        group_id: 0,
        note_type: random.chance(0.4) ? 'call_in' : 'call_out',
        params: {
          uniq,
          duration,
          source: 'Telephony',
          link: `https://records.example.com/${uniq}.mp3`,
          phone: (mainContact && contactPhones.get(mainContact)) ?? phone(random, russian),
          call_result: answered ? 'Разговор состоялся' : '',
          call_status: answered ? 4 : 6,
        },
        account_id: accountId,
      });
    }
    if (random.chance(0.3)) {
      const createdNoteAt = when();
      notes.push({
        id: 90_000_001 + notes.length,
        entity_type: 'leads',
        entity_id: lead.id,
        created_by: user.id,
        updated_by: user.id,
        created_at: createdNoteAt,
        updated_at: createdNoteAt,
        responsible_user_id: user.id,
        group_id: 0,
        note_type: 'common',
        params: { text: 'Клиент просил выставить счёт' },
        account_id: accountId,
      });
    }

    const talkId = random.int(1_000, 99_999);
    const chat = (type: FakeEvent['type'], createdBy: number) =>
      events.push({
        id: random.hex(26),
        type,
        entity_id: lead.id,
        entity_type: 'lead',
        created_by: createdBy,
        created_at: when(),
        value_after: [{ message: { id: random.hex(32), origin: random.pick(CHAT_ORIGINS), talk_id: talkId } }],
        value_before: [],
        account_id: accountId,
      });
    for (let message = random.int(0, 4); message > 0; message--) chat('outgoing_chat_message', user.id);
    for (let message = random.int(0, 3); message > 0; message--) chat('incoming_chat_message', 0);
  }

  const owner = users[0] as FakeUser;
  return {
    account: {
      id: accountId,
      name: 'Components Master demo',
      subdomain: 'cmdemo',
      created_at: earliest - 365 * DAY,
      created_by: owner.id,
      updated_at: earliest,
      updated_by: owner.id,
      current_user_id: owner.id,
      country: 'RU',
      currency: 'RUB',
      currency_symbol: '₽',
      customers_mode: 'disabled',
      is_unsorted_on: true,
      is_loss_reason_enabled: true,
      is_helpbot_enabled: false,
      is_technical_account: false,
      contact_name_display_order: 1,
    },
    users,
    pipelines,
    lossReasons,
    leadFields,
    contacts,
    leads,
    notes,
    events,
  };
}
