import { z } from 'zod';

// The subset of amoCRM API v4 payloads the product reads, in amoCRM's own field names. Timestamps are unix
// seconds. Only what the product uses is required; fields it does not use are dropped while parsing, so
// neither their absence nor unknown values ever fail a page.

const timestamp = z.number().int();
const id = z.number().int();

/**
 * The account: only its id is used. amoCRM's own documented example has no `created_at`, and accounts differ
 * in what else they send, so nothing else is required of it.
 */
export const AccountSchema = z.object({
  // amoCRM numbers accounts from 1; account 0 holds the data of files (FILE_ACCOUNT_ID), never synced data.
  id: id.positive(),
});
export type AmoAccount = z.infer<typeof AccountSchema>;

/**
 * A user of the account. Only the id is required: amoCRM may leave out the name or the e-mail, and `rights`
 * is read for `is_active` alone, as its other members differ between accounts and roles.
 */
export const UserSchema = z.object({
  id: id.positive(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  rights: z
    .object({ is_active: z.boolean().nullish().catch(null) })
    .nullish()
    .catch(null),
});
export type AmoUser = z.infer<typeof UserSchema>;

const StatusSchema = z.object({
  id,
  name: z.string(),
  sort: z.number(),
  pipeline_id: id,
  color: z.string().nullish(),
  /** 1 for the "unsorted" stage, 0 for the others. */
  type: z.number().int(),
});

export const PipelineSchema = z.object({
  id,
  name: z.string(),
  sort: z.number(),
  is_main: z.boolean(),
  is_archive: z.boolean(),
  _embedded: z.object({ statuses: z.array(StatusSchema) }),
});
export type AmoPipeline = z.infer<typeof PipelineSchema>;

export const LossReasonSchema = z.object({ id, name: z.string(), sort: z.number().optional() });
export type AmoLossReason = z.infer<typeof LossReasonSchema>;

export const CustomFieldSchema = z.object({
  id,
  name: z.string(),
  /** e.g. select, multiselect, text, numeric, date. */
  type: z.string(),
  code: z.string().nullish(),
  enums: z.array(z.object({ id, value: z.string() })).nullish(),
});
export type AmoCustomField = z.infer<typeof CustomFieldSchema>;

/** A filled custom field on a lead or contact. Value shapes vary by field type, so they stay `unknown`. */
const CustomFieldValueSchema = z.object({
  field_id: id,
  field_name: z.string().nullish(),
  field_code: z.string().nullish(),
  field_type: z.string().nullish(),
  values: z.array(z.object({ value: z.unknown(), enum_id: id.nullish(), enum_code: z.string().nullish() }).partial()),
});
export type AmoCustomFieldValue = z.infer<typeof CustomFieldValueSchema>;

export const LeadSchema = z.object({
  id,
  name: z.string().nullable(),
  /** The budget, in whole units of the account currency. */
  price: z.number().nullable(),
  /**
   * The budget in hundredths of the account currency, where the account keeps kopecks or cents: exact where
   * `price` has lost them. Absent in accounts and examples without it.
   */
  price_with_minor_units: z.number().nonnegative().nullish().catch(null),
  responsible_user_id: id,
  status_id: id,
  pipeline_id: id,
  loss_reason_id: id.nullish(),
  created_at: timestamp,
  updated_at: timestamp,
  closed_at: timestamp.nullish(),
  is_deleted: z.boolean().optional(),
  custom_fields_values: z.array(CustomFieldValueSchema).nullish(),
  _embedded: z
    .object({
      contacts: z.array(z.object({ id, is_main: z.boolean() })).optional(),
      loss_reason: z.array(LossReasonSchema).optional(),
    })
    .optional(),
});
export type AmoLead = z.infer<typeof LeadSchema>;

export const ContactSchema = z.object({
  id,
  name: z.string().nullable(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  updated_at: timestamp,
});
export type AmoContact = z.infer<typeof ContactSchema>;

export const CALL_NOTE_TYPES = ['call_in', 'call_out'] as const;

export const CallNoteSchema = z.object({
  id,
  entity_id: id,
  note_type: z.enum(CALL_NOTE_TYPES),
  // Telephony integrations may leave both empty.
  responsible_user_id: id.nullish(),
  created_by: id.nullish(),
  created_at: timestamp,
  updated_at: timestamp,
  params: z.object({
    /** Seconds. Some telephony integrations send it as a string, and a missed call may have none. */
    duration: z.coerce.number().nonnegative().catch(0),
    uniq: z.string().nullish(),
    phone: z.string().nullish(),
  }),
});
export type AmoCallNote = z.infer<typeof CallNoteSchema>;

export const ChatMessageEventSchema = z.object({
  /** Events carry string ids, unlike every other entity. */
  id: z.string(),
  type: z.literal('outgoing_chat_message'),
  entity_id: id,
  entity_type: z.string(),
  /** The user who sent the message; 0 for a bot or an automation. */
  created_by: id,
  created_at: timestamp,
});
export type AmoChatMessageEvent = z.infer<typeof ChatMessageEventSchema>;

/** A page of a hal+json collection: `_embedded.<key>` holds the items, `_links.next` the following page. */
export function collectionSchema<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({
    _links: z.object({ next: z.object({ href: z.string() }).optional() }).optional(),
    _embedded: z.object({ [key]: z.array(item) } as { [K in Key]: z.ZodArray<Item> }),
  });
}

/** An error body in amoCRM's problem+json form; members beyond these (e.g. `validation-errors`) are kept. */
export const ProblemSchema = z.looseObject({
  title: z.string().optional(),
  type: z.string().optional(),
  status: z.number().optional(),
  detail: z.string().optional(),
  /** Seconds, sent with some 429 answers. */
  retry_after: z.number().optional(),
});
export type AmoProblem = z.infer<typeof ProblemSchema>;
