/**
 * Ids as requests name them, in a path, a query or a body. Ids are opaque: the server makes
 * them, so a request only needs a bound on their length. Answers only check that an id is text.
 */
import { z } from 'zod';

export const ID_MAX_LENGTH = 200;
/** A schedule occurrence's id holds its entry, its start and its target, so it is longer. */
export const EVENT_ID_MAX_LENGTH = 300;

/** The id of a stored record: a person, line, room, schedule, feed… */
export const idSchema = z.string().min(1).max(ID_MAX_LENGTH);

/** The id of an event: a stored event's or a schedule occurrence's. */
export const eventIdSchema = z.string().min(1).max(EVENT_ID_MAX_LENGTH);
