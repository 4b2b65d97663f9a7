import type { ActivityImportColumn, LeadImportColumn, Locale } from '@cm/contract';
import type { ImportTableColumn } from '../imports/checked-table.js';

/** Columns of the leads file with their headers; a file may use either language's headers. */
export const LEAD_COLUMNS: ImportTableColumn<LeadImportColumn>[] = [
  { key: 'leadId', header: { en: 'Lead ID', ru: 'ID сделки' }, required: true },
  { key: 'title', header: { en: 'Title', ru: 'Название' }, required: false },
  { key: 'contact', header: { en: 'Contact', ru: 'Контакт' }, required: false },
  { key: 'paymentMethod', header: { en: 'Payment method', ru: 'Способ оплаты' }, required: false },
  { key: 'budget', header: { en: 'Budget', ru: 'Бюджет' }, required: false },
  { key: 'createdAt', header: { en: 'Created at', ru: 'Дата создания' }, required: true },
  { key: 'closedAt', header: { en: 'Closed at', ru: 'Дата закрытия' }, required: false },
  { key: 'pipeline', header: { en: 'Pipeline', ru: 'Воронка' }, required: true },
  { key: 'status', header: { en: 'Status', ru: 'Статус' }, required: true },
  { key: 'lossReason', header: { en: 'Loss reason', ru: 'Причина отказа' }, required: false },
  { key: 'managerAmoId', header: { en: 'Manager AMO ID', ru: 'AMO ID менеджера' }, required: true },
];

/** Columns of the activity file: one row per manager and day. */
export const ACTIVITY_COLUMNS: ImportTableColumn<ActivityImportColumn>[] = [
  { key: 'date', header: { en: 'Date', ru: 'Дата' }, required: true },
  { key: 'managerAmoId', header: { en: 'Manager AMO ID', ru: 'AMO ID менеджера' }, required: true },
  { key: 'callMinutes', header: { en: 'Call minutes', ru: 'Минуты звонков' }, required: true },
  { key: 'calls', header: { en: 'Calls', ru: 'Звонки' }, required: false },
  { key: 'messages', header: { en: 'Messages', ru: 'Сообщения' }, required: true },
];

export type LeadOutcome = 'open' | 'won' | 'lost';

/** The words a file may use for a lead's status, in either language (compared in lower case). */
export const STATUS_WORDS = new Map<string, LeadOutcome>([
  ['open', 'open'],
  ['won', 'won'],
  ['lost', 'lost'],
  ['открыта', 'open'],
  ['успешно', 'won'],
  ['не реализовано', 'lost'],
]);

/**
 * The example rows of the templates, in each language: one lead of each status, so the template itself
 * shows the status words and the date forms a file may use.
 */
export const LEAD_EXAMPLES: Record<Locale, Record<LeadImportColumn, string>[]> = {
  en: [
    {
      leadId: '1001',
      title: 'Office chairs, 40 pcs',
      contact: 'Anna Petrova',
      paymentMethod: 'Invoice',
      budget: '125000.50',
      createdAt: '2025-03-03 10:15',
      closedAt: '2025-03-14 16:40',
      pipeline: 'Sales',
      status: 'won',
      lossReason: '',
      managerAmoId: '7001',
    },
    {
      leadId: '1002',
      title: 'Reception desk',
      contact: 'Ivan Sidorov',
      paymentMethod: 'Card',
      budget: '48000',
      createdAt: '2025-03-05',
      closedAt: '2025-03-11',
      pipeline: 'Sales',
      status: 'lost',
      lossReason: 'Too expensive',
      managerAmoId: '7001',
    },
    {
      leadId: '1003',
      title: '',
      contact: '',
      paymentMethod: '',
      budget: '0',
      createdAt: '2025-03-20',
      closedAt: '',
      pipeline: 'Sales',
      status: 'open',
      lossReason: '',
      managerAmoId: '7002',
    },
  ],
  ru: [
    {
      leadId: '1001',
      title: 'Офисные кресла, 40 шт.',
      contact: 'Анна Петрова',
      paymentMethod: 'Счёт',
      budget: '125000,50',
      createdAt: '03.03.2025 10:15',
      closedAt: '14.03.2025 16:40',
      pipeline: 'Продажи',
      status: 'успешно',
      lossReason: '',
      managerAmoId: '7001',
    },
    {
      leadId: '1002',
      title: 'Стойка ресепшн',
      contact: 'Иван Сидоров',
      paymentMethod: 'Карта',
      budget: '48000',
      createdAt: '05.03.2025',
      closedAt: '11.03.2025',
      pipeline: 'Продажи',
      status: 'не реализовано',
      lossReason: 'Дорого',
      managerAmoId: '7001',
    },
    {
      leadId: '1003',
      title: '',
      contact: '',
      paymentMethod: '',
      budget: '0',
      createdAt: '20.03.2025',
      closedAt: '',
      pipeline: 'Продажи',
      status: 'открыта',
      lossReason: '',
      managerAmoId: '7002',
    },
  ],
};

export const ACTIVITY_EXAMPLES: Record<Locale, Record<ActivityImportColumn, string>[]> = {
  en: [
    { date: '2025-03-14', managerAmoId: '7001', callMinutes: '95.5', calls: '23', messages: '41' },
    { date: '2025-03-14', managerAmoId: '7002', callMinutes: '12', calls: '4', messages: '0' },
  ],
  ru: [
    { date: '14.03.2025', managerAmoId: '7001', callMinutes: '95,5', calls: '23', messages: '41' },
    { date: '14.03.2025', managerAmoId: '7002', callMinutes: '12', calls: '4', messages: '0' },
  ],
};

/** One manager-day of an activity file, checked: what the commit stores. */
export type CheckedDay = { day: string; managerAmoId: number; calls: number; callSeconds: number; messages: number };
