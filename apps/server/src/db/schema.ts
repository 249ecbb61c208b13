/**
 * Table types for Kysely. Instants are ISO-8601 UTC text and JSON is text in both dialects,
 * so one query code serves SQLite and PostgreSQL (docs/decisions/002-database.md).
 * Later features add their tables here, each in its own migration.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SsoKind } from '@tun/shared';

/** better-auth's own tables (created by its migrations; we read them and create credentials). */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface AuthAccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface AuthSessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
  userAgent: string | null;
  /** Ours (migration 021): how the session was opened; null for sessions from before. */
  signInMethod: string | null;
}

export interface SchoolTable {
  id: string;
  short_name: string;
  long_name: string;
  supervision_phone: string | null;
  lat: number | null;
  lon: number | null;
  current_supervision: string | null;
  created_at: string;
  updated_at: string;
  /** 1 when staff must sign in through one of the school's providers (decision 035). */
  sso_required_for_staff: Generated<number>;
}

export interface PersonTable {
  id: string;
  school_id: string;
  /** The sign-in account, once the person has one. */
  user_id: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  room: string | null;
  email: string | null;
  phone: string | null;
  /** JSON: SPEC §3 userMutableData. */
  user_mutable_data: string;
  created_at: string;
  updated_at: string;
  /** YYYY-MM-DD at the school: the day the person left («Sluttet»); null while at the school. */
  left_on: string | null;
  /** When the person was erased; the row stays as a pseudonym that keeps their records. */
  erased_at: string | null;
  /** Feide user id (eduPersonPrincipalName), for matching a first Feide sign-in. */
  feide_id: string | null;
}

export interface PersonRoleTable {
  person_id: string;
  school_id: string;
  /** A role id of SPEC §3; unknown ids are skipped with a warning when read. */
  role: string;
}

export interface AuditLogTable {
  id: string;
  school_id: string;
  actor_person_id: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before: string | null;
  after: string | null;
  at: string;
}

/** Failed sign-ins counted per account or per address (migration 007). */
export interface LoginThrottleTable {
  /** A hash of what is counted (`account:` e-mail or `address:` client address). */
  key: string;
  window_start: string;
  failures: number;
  locked_until: string | null;
}

export interface LiveEventTable {
  id: Generated<number>;
  school_id: string;
  topic: string;
  /** JSON array of ids. */
  ids: string;
  /** JSON array of the people whose own records the change touches; null: anyone's (LiveMessage). */
  people: string | null;
  at: string;
}

/** One row, written by the first-run wizard, so that two wizards cannot both succeed. */
export interface InstallationTable {
  id: number;
  set_up_at: string;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface RoomTable {
  id: string;
  school_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface LineTable {
  id: string;
  school_id: string;
  name: string;
  short_name: string;
  /** A colour theme name (COLOR_THEMES). */
  color: string;
  main_room_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface LineStaffTable {
  line_id: string;
  person_id: string;
  school_id: string;
  kind: 'teacher' | 'assistant';
}

export interface LineMemberTable {
  line_id: string;
  person_id: string;
  school_id: string;
}

export interface ElectiveTable {
  id: string;
  school_id: string;
  name: string;
  color: string;
  main_room_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ElectiveMemberTable {
  elective_id: string;
  person_id: string;
  school_id: string;
}

export interface TempGroupTable {
  id: string;
  school_id: string;
  name: string;
  /** YYYY-MM-DD in the school's zone, or null for no end. */
  end_date: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface TempGroupMemberTable {
  group_id: string;
  person_id: string;
  school_id: string;
}

export interface PasswordLinkTable {
  token_hash: string;
  person_id: string;
  school_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SignInLinkTable {
  token_hash: string;
  person_id: string;
  school_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PasskeyTable {
  id: string;
  credential_id: string;
  person_id: string;
  school_id: string;
  user_id: string;
  /** The credential's COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter; bigint comes back as text from PostgreSQL. */
  counter: number | string;
  /** JSON array of the transports the browser reported. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface WebauthnChallengeTable {
  id: string;
  challenge: string;
  purpose: 'register' | 'sign-in';
  expires_at: string;
}

export interface SsoProviderTable {
  id: string;
  school_id: string;
  kind: SsoKind;
  name: string;
  /** Issuer or discovery URL. */
  issuer: string;
  client_id: string;
  /** Encrypted at rest: `iv.ciphertext.tag` (sso/secret-box.ts). */
  client_secret: string;
  domain: string | null;
  match_by_email: number;
  match_by_feide_id: number;
  created_at: string;
  updated_at: string;
}

export interface SsoIdentityTable {
  id: string;
  provider_id: string;
  subject: string;
  person_id: string;
  school_id: string;
  created_at: string;
  last_used_at: string | null;
}

export interface SsoSignInTable {
  /** The OAuth `state`. */
  id: string;
  provider_id: string;
  browser_hash: string;
  code_verifier: string;
  nonce: string;
  return_to: string;
  expires_at: string;
}

export interface ScheduleTable {
  school_id: string;
  /** 'normalWeek', or a uuid for a named schedule. */
  id: string;
  name: string;
  /** YYYY-MM-DD in the school's zone; null for the normal week. */
  valid_from: string | null;
  valid_to: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScheduleEntryTable {
  school_id: string;
  id: string;
  schedule_id: string;
  /** Mo…Su. */
  day: string;
  /** Order within the day, as the editor sent it. */
  position: number;
  name: string;
  /** HH:mm, wall-clock at the school. */
  time_from: string;
  time_to: string;
  type: string;
  /** 0 or 1. */
  mandatory: number;
  /** JSON arrays of ids. */
  groups_attending: string;
  room_id: string | null;
  for_classes: string;
  for_electives: string;
}

export interface CalendarEventTable {
  school_id: string;
  id: string;
  name: string;
  time_start: string;
  time_end: string;
  type: string;
  mandatory: number;
  room_id: string | null;
  /** JSON array of line, elective and group ids; empty for the whole school. */
  groups_attending: string;
  overrides: string | null;
  rep_deleted: number;
  replaces_start: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface CalendarFeedTable {
  id: string;
  school_id: string;
  person_id: string;
  kind: string;
  target_id: string | null;
  token_hash: string;
  created_at: string;
}

export interface AttendanceTable {
  school_id: string;
  /** `eventId-studentId` (SPEC §3). */
  id: string;
  event_id: string;
  student_id: string;
  event_start: string;
  /** The school date of `event_start` (YYYY-MM-DD): the day the reports count it on. */
  event_date: string;
  /** Minutes. */
  event_duration: number;
  /** 0 or 1: only mandatory events count in reports. */
  event_mandatory: number;
  note: string | null;
  registered_by: string | null;
  preliminary_by: string | null;
  /** The effective status (SPEC §4). */
  status: string;
  nfc_status: string | null;
  preliminary_status: string | null;
  manual_status: string | null;
  updated_at: string;
}

/** A proposal's records are not counted until approved, so they have no day of their own. */
export interface AttendanceProposedTable extends Omit<AttendanceTable, 'event_date'> {
  approved: number;
}

export interface PrelimAttendanceTable {
  school_id: string;
  id: string;
  event_id: string;
  student_id: string;
  event_start: string;
  note: string | null;
  preliminary_by: string | null;
  preliminary_status: string;
  updated_at: string;
}

export interface PrelimDayAttendanceTable {
  school_id: string;
  date: string;
  student_id: string;
  note: string | null;
  preliminary_by: string | null;
  preliminary_status: string;
  updated_at: string;
}

export interface EventAttendRegTable {
  school_id: string;
  event_id: string;
  registered_by: string | null;
  date: string;
}

export interface EventAttendRegProposedTable extends EventAttendRegTable {
  approved: number;
  decided_by: string | null;
  decided_at: string | null;
}

export interface RoomTagTable {
  room_id: string;
  school_id: string;
  secret: string;
  rotating: number;
  created_at: string;
}

/** A `bigint` column: PostgreSQL's driver reads it as text (it may pass 2^53), SQLite as a number. */
type BigIntColumn = ColumnType<number | string, number, number>;

/** A folder of the file archive (migration 008); `parent_id` null is the top. */
export interface FolderTable {
  id: string;
  school_id: string;
  parent_id: string | null;
  name: string;
  /** The name as compared: NFC, lower case; unique per parent. */
  name_key: string;
  created_at: string;
  updated_at: string;
}

/** A stored file (SPEC §3 'Stored file metadata'). */
export interface FileTable {
  id: string;
  school_id: string;
  folder_id: string | null;
  name: string;
  name_key: string;
  size: BigIntColumn;
  content_type: string;
  md5_hash: string;
  generation: string;
  metageneration: number;
  /** JSON object of text values. */
  custom_metadata: string;
  storage_key: string;
  /** 0 or 1. */
  has_thumbnail: number;
  uploaded_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A resumable upload that has not received its last byte. */
export interface FileUploadTable {
  /** The tus upload id, also its key in the file store. */
  id: string;
  school_id: string;
  folder_id: string | null;
  name: string;
  claimed_type: string | null;
  /** The Upload-Length it promised. */
  size: BigIntColumn;
  custom_metadata: string;
  created_by: string | null;
  created_at: string;
}

/** A post (migration 009). Flags are 0 or 1. */
export interface PostTable {
  id: string;
  school_id: string;
  author_id: string | null;
  title: string;
  /** Sanitized HTML. */
  body: string;
  /** Title and body text, lower case: what search looks in. */
  search_text: string;
  audience_kind: 'school' | 'staff' | 'selected';
  publish_at: string;
  expires_at: string | null;
  pinned: number;
  show_on_info_screen: number;
  require_read_confirmation: number;
  notified_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A target of a post addressed to 'selected' people. */
export interface PostAudienceTable {
  post_id: string;
  kind: 'line' | 'elective' | 'group' | 'role';
  /** A line, elective or group id, or a PostAudienceRole. */
  target_id: string;
}

export interface PostAttachmentTable {
  post_id: string;
  file_id: string;
  position: number;
}

export interface PostReadTable {
  post_id: string;
  person_id: string;
  read_at: string;
  confirmed_at: string | null;
}

export interface NotificationTable {
  id: string;
  school_id: string;
  person_id: string;
  category: string;
  title: string;
  text: string;
  link: string | null;
  /** What it is about ('post:<id>'). */
  source: string | null;
  created_at: string;
  read_at: string | null;
}

export interface NotificationPreferenceTable {
  person_id: string;
  category: string;
  in_app: number;
  email: number;
  /** Migration 010; on unless switched off. */
  push: ColumnType<number, number | undefined, number>;
}

/** Work due later. */
export interface JobTable {
  id: string;
  school_id: string | null;
  kind: string;
  /** JSON. */
  payload: string;
  run_at: string;
  attempts: number;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
}

/** A school's app settings (migration 010); absent until an admin saves them. */
export interface AppSettingsTable {
  school_id: string;
  app_name: string;
  short_name: string;
  theme_color: string;
  logo_file_id: string | null;
  default_language: string;
  /** JSON array of the AppFeatures switched off. */
  features_off: string;
  updated_at: string;
}

/** One device subscribed to web push. */
export interface PushSubscriptionTable {
  id: string;
  school_id: string;
  person_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  last_used_at: string | null;
}

/** An info screen and its layout (JSON); person_id is its TV account. */
export interface ScreenTable {
  id: string;
  school_id: string;
  name: string;
  place: string;
  layout: string;
  schedule: string | null;
  person_id: string | null;
  paired_at: string | null;
  last_seen_at: string | null;
  version: string | null;
  reload_requested_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A TV asking to be paired (RFC 8628): the device code only as its SHA-256. */
export interface ScreenPairingTable {
  id: string;
  device_code_hash: string;
  user_code: string;
  expires_at: string;
  interval_seconds: number;
  last_polled_at: string | null;
  school_id: string | null;
  screen_id: string | null;
  approved_by: string | null;
  approved_at: string | null;
  denied_at: string | null;
  consumed_at: string | null;
  created_at: string;
}

/** The emergency banner of a school's screens, while raised. */
export interface ScreenEmergencyTable {
  school_id: string;
  message: string;
  raised_at: string;
  /** Null once the person who raised it is erased. */
  raised_by: string | null;
}

/** A dish of the school's library (migration 013); list columns are JSON arrays. */
export interface DishTable {
  id: string;
  school_id: string;
  name: string;
  description: string;
  allergens: string;
  gluten_cereals: string;
  nuts: string;
  may_contain: string;
  diets: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The dishes of a meal: the dining event(s) named `meal_key` on `date`. */
export interface MenuItemTable {
  school_id: string;
  date: string;
  meal_key: string;
  position: number;
  dish_id: string;
  course: string;
}

/** A published week (its Monday). */
export interface MenuWeekTable {
  school_id: string;
  week: string;
  published_at: string;
  published_by: string | null;
}

/** «Jeg spiser ikke» / «Matpakke» of a student for a meal. */
export interface MealChoiceTable {
  school_id: string;
  date: string;
  meal_key: string;
  student_id: string;
  choice: string;
  chosen_by: string | null;
  updated_at: string;
}

/** A person's special diet: health data, kept with their consent. */
export interface PersonDietTable {
  person_id: string;
  school_id: string;
  allergens: string;
  gluten_cereals: string;
  nuts: string;
  diets: string;
  note: string;
  consent_at: string;
  consent_by: string | null;
  updated_at: string;
}

export interface FoodSettingsTable {
  school_id: string;
  choice_cutoff_days_before: number;
  choice_cutoff_time: string;
  updated_at: string;
}

/** A janitor case (migration 014). */
export interface MaintenanceCaseTable {
  id: string;
  school_id: string;
  number: number;
  title: string;
  description: string;
  room_id: string | null;
  category: string;
  urgency: string;
  status: string;
  reject_reason: string | null;
  submitted_by: string | null;
  assigned_to: string | null;
  round_id: string | null;
  created_at: string;
  updated_at: string;
  solved_at: string | null;
}

export interface MaintenancePhotoTable {
  id: string;
  school_id: string;
  case_id: string;
  storage_key: string;
  content_type: string;
  size: number;
  added_by: string | null;
  created_at: string;
}

export interface MaintenanceCommentTable {
  id: string;
  school_id: string;
  case_id: string;
  author_id: string | null;
  body: string;
  /** 0 or 1: an internal note, for handlers only. */
  internal: number;
  created_at: string;
}

export interface MaintenanceStatusChangeTable {
  id: string;
  school_id: string;
  case_id: string;
  status: string;
  reason: string | null;
  changed_by: string | null;
  at: string;
}

/** A recurring check; `room_ids` is a JSON array. */
export interface MaintenanceRoundTable {
  id: string;
  school_id: string;
  title: string;
  description: string;
  category: string;
  frequency: string;
  room_ids: string;
  next_due: string;
  active: number;
  last_run_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** An application for leave (migration 015); instants in the UTC form. */
export interface LeaveApplicationTable {
  id: string;
  school_id: string;
  student_id: string;
  start_at: string;
  end_at: string;
  category: string;
  reason: string;
  sleeps_away: number;
  phone: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  decided_by: string | null;
  decided_at: string | null;
  comment: Generated<string>;
}

/** A school's rules for leave; `justified` is JSON. */
export interface LeaveSettingsTable {
  school_id: string;
  approvers: string;
  justified: string;
  absence_day_percent: number;
  updated_at: string;
}

/** The supervisor's evening check of one person for one night. */
export interface HouseCheckTable {
  school_id: string;
  night: string;
  person_id: string;
  status: string;
  checked_at: string;
  checked_by: string | null;
}

/** An attendance warning sent for a school year, so it is sent once. */
export interface AttendanceWarningTable {
  school_id: string;
  student_id: string;
  school_year: string;
  per_mille: number;
  warned_at: string;
}

export interface DB {
  user: AuthUserTable;
  account: AuthAccountTable;
  session: AuthSessionTable;
  school: SchoolTable;
  person: PersonTable;
  person_role: PersonRoleTable;
  audit_log: AuditLogTable;
  dish: DishTable;
  menu_item: MenuItemTable;
  menu_week: MenuWeekTable;
  meal_choice: MealChoiceTable;
  person_diet: PersonDietTable;
  food_settings: FoodSettingsTable;
  maintenance_case: MaintenanceCaseTable;
  maintenance_photo: MaintenancePhotoTable;
  maintenance_comment: MaintenanceCommentTable;
  maintenance_status_change: MaintenanceStatusChangeTable;
  maintenance_round: MaintenanceRoundTable;
  leave_application: LeaveApplicationTable;
  leave_settings: LeaveSettingsTable;
  house_check: HouseCheckTable;
  attendance_warning: AttendanceWarningTable;
  live_event: LiveEventTable;
  login_throttle: LoginThrottleTable;
  installation: InstallationTable;
  setting: SettingTable;
  room: RoomTable;
  line: LineTable;
  line_staff: LineStaffTable;
  line_member: LineMemberTable;
  elective: ElectiveTable;
  elective_member: ElectiveMemberTable;
  temp_group: TempGroupTable;
  temp_group_member: TempGroupMemberTable;
  password_link: PasswordLinkTable;
  sign_in_link: SignInLinkTable;
  passkey: PasskeyTable;
  webauthn_challenge: WebauthnChallengeTable;
  sso_provider: SsoProviderTable;
  sso_identity: SsoIdentityTable;
  sso_sign_in: SsoSignInTable;
  schedule: ScheduleTable;
  schedule_entry: ScheduleEntryTable;
  calendar_event: CalendarEventTable;
  calendar_feed: CalendarFeedTable;
  attendance: AttendanceTable;
  attendance_proposed: AttendanceProposedTable;
  prelim_attendance: PrelimAttendanceTable;
  prelim_day_attendance: PrelimDayAttendanceTable;
  event_attend_reg: EventAttendRegTable;
  event_attend_reg_proposed: EventAttendRegProposedTable;
  room_tag: RoomTagTable;
  folder: FolderTable;
  file: FileTable;
  file_upload: FileUploadTable;
  post: PostTable;
  post_audience: PostAudienceTable;
  post_attachment: PostAttachmentTable;
  post_read: PostReadTable;
  notification: NotificationTable;
  notification_preference: NotificationPreferenceTable;
  job: JobTable;
  app_settings: AppSettingsTable;
  push_subscription: PushSubscriptionTable;
  screen: ScreenTable;
  screen_pairing: ScreenPairingTable;
  screen_emergency: ScreenEmergencyTable;
}

export type SchoolRow = Selectable<SchoolTable>;
export type PersonRow = Selectable<PersonTable>;
