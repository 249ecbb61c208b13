import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  canAll,
  canViewStudentContact,
  idSchema,
  isStudentOrScholar,
  meUpdateSchema,
  peopleQuerySchema,
  personInputSchema,
  personLeftSchema,
  personRolesSchema,
  personSchema,
  personUpdateSchema,
  userMutableDataSchema,
  type Person,
} from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { createAnswerCache, sendAnswer } from '../../live/answer-cache';
import {
  createPerson,
  deletePerson,
  isDeletable,
  loadPeople,
  loadPerson,
  setLeft,
  setRoles,
  updateOwnData,
  updatePerson,
} from './people.service';

const idParams = z.object({ id: idSchema });

/**
 * Students' and scholars' e-mail and phone are for staff (the rule of the students page,
 * canViewStudentContact); other viewers get them only for themselves. The Feide id is for those
 * who set it, the ones who may change people.
 */
function presentFor(viewer: RequestPrincipal, person: Person): Person {
  const { feideId: _feideId, ...withoutFeideId } = person;
  const shown = canAll(viewer.roles, 'staff:change') ? person : withoutFeideId;
  if (
    canViewStudentContact(viewer.roles) ||
    person.id === viewer.personId ||
    !isStudentOrScholar(person.roles)
  ) {
    return shown;
  }
  return { ...shown, email: null, phone: null };
}

/** Which of the kept answers a viewer gets: the audiences presentFor tells apart. */
function answerVariant(viewer: RequestPrincipal): string {
  if (canAll(viewer.roles, 'staff:change')) return 'change';
  return canViewStudentContact(viewer.roles) ? 'contacts' : `own|${viewer.personId}`;
}

export async function peopleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  // The whole school is read on every refresh of the people pages; a person's row, roles and
  // memberships change with 'people' events, memberships also with 'lines' ones.
  const answers = createAnswerCache(ctx.live, 'people', new Set(['people', 'lines'] as const));
  app.addHook('onClose', async () => answers.stop());

  routes.get(
    '/api/v1/people',
    {
      config: { access: 'staff:view' },
      schema: {
        tags: ['people'],
        summary: 'Everyone at the school, with roles and line memberships',
        querystring: peopleQuerySchema,
        response: { 200: z.array(personSchema) },
      },
    },
    async (request, reply) => {
      const { principal } = request;
      const { role, line, former } = request.query;
      // Who sees contact details (presentFor): those who may see every student's share one
      // kept answer, and those who also see Feide ids another; anyone else sees their own in
      // addition, so theirs is kept per person.
      const variant = answerVariant(principal);
      // Contact details are kept in the server's memory only: no ETag, and the browser stores
      // nothing (the API's default no-store), unlike the calendar's revalidated answers.
      const answer = await answers.answer(
        principal.schoolId,
        request.url,
        async () => {
          const people = await loadPeople(db, principal.schoolId, {
            former: former === 'true',
            warn: (message) => request.log.warn(message),
          });
          return people
            .filter(
              (person) =>
                (role === undefined ||
                  (role === 'student' ? person.roles.length === 0 : person.roles.includes(role))) &&
                (line === undefined || person.memberOf.includes(line)),
            )
            .map((person) => presentFor(principal, person));
        },
        variant,
      );
      // Already JSON bytes (checked against Person's type when made): sent as they are, so the
      // schema's serializer does not walk the whole school again, and compressed once.
      return sendAnswer(request, reply, answer);
    },
  );

  routes.get(
    '/api/v1/people/:id',
    {
      config: { access: 'staff:view' },
      schema: {
        tags: ['people'],
        summary: 'One person',
        params: idParams,
        response: { 200: personSchema },
      },
    },
    async (request) =>
      presentFor(
        request.principal,
        await loadPerson(db, request.principal.schoolId, request.params.id, (message) =>
          request.log.warn(message),
        ),
      ),
  );

  routes.post(
    '/api/v1/people',
    {
      // SPEC §6 has two rows here, staff (roles) and students (no roles or only stipp), and both
      // are admin only. A route declares one action, so it declares the staff row.
      config: { access: 'staff:change' },
      schema: {
        tags: ['people'],
        summary: 'Add a person with roles and line memberships',
        body: personInputSchema,
        response: { 201: personSchema },
      },
    },
    async (request, reply) => {
      const { schoolId, personId } = request.principal;
      const person = await createPerson(ctx, { schoolId, personId }, request.body);
      return reply.code(201).send(person);
    },
  );

  routes.patch(
    '/api/v1/people/:id',
    {
      // Staff and students alike; both rows of SPEC §6 are admin only (see POST).
      config: { access: 'staff:change' },
      schema: {
        tags: ['people'],
        summary: 'Change name, e-mail, phone, room, Feide id or line memberships',
        params: idParams,
        body: personUpdateSchema,
        response: { 200: personSchema },
      },
    },
    async (request) => {
      const { schoolId, personId } = request.principal;
      return updatePerson(ctx, { schoolId, personId }, request.params.id, request.body);
    },
  );

  routes.delete(
    '/api/v1/people/:id',
    {
      config: { access: 'staff:change' },
      schema: {
        tags: ['people'],
        summary:
          'Delete a person with no history (409 person-has-history otherwise: end or erase them instead)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { schoolId, personId } = request.principal;
      await deletePerson(ctx, { schoolId, personId }, request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/people/:id/deletable',
    {
      config: { access: 'staff:change' },
      schema: {
        tags: ['people'],
        summary: 'Whether the person has no history, so that the users page offers a plain delete',
        params: idParams,
        response: { 200: z.object({ deletable: z.boolean() }) },
      },
    },
    async (request) => ({
      deletable: await isDeletable(db, request.principal.schoolId, request.params.id),
    }),
  );

  routes.put(
    '/api/v1/people/:id/left',
    {
      config: { access: 'staff:change' },
      schema: {
        tags: ['people'],
        summary:
          'The person left the school on a day («Avslutt»): hidden from current lists from then, their history kept',
        params: idParams,
        body: personLeftSchema,
        response: { 200: personSchema },
      },
    },
    async (request) => {
      const { schoolId, personId } = request.principal;
      return setLeft(ctx, { schoolId, personId }, request.params.id, request.body.leftOn);
    },
  );

  routes.delete(
    '/api/v1/people/:id/left',
    {
      config: { access: 'staff:change' },
      schema: {
        tags: ['people'],
        summary: 'Undo a leave («Angre avslutning»): the person is at the school again',
        params: idParams,
        response: { 200: personSchema },
      },
    },
    async (request) => {
      const { schoolId, personId } = request.principal;
      return setLeft(ctx, { schoolId, personId }, request.params.id, null);
    },
  );

  routes.put(
    '/api/v1/people/:id/roles',
    {
      config: { access: 'roles:change' },
      schema: {
        tags: ['people'],
        summary: "Replace a person's roles (audited; the school always keeps an admin)",
        params: idParams,
        body: personRolesSchema,
        response: { 200: personSchema },
      },
    },
    async (request) => {
      const { schoolId, personId } = request.principal;
      return setRoles(ctx, { schoolId, personId }, request.params.id, request.body.roles);
    },
  );

  routes.patch(
    '/api/v1/me',
    {
      // Everyone edits their own record only: the route takes no id.
      config: { access: 'authenticated' },
      schema: {
        tags: ['people'],
        summary: 'Change your own userMutableData (profile picture, first-setup flag, mailbox flag)',
        body: meUpdateSchema,
        response: { 200: z.object({ userMutableData: userMutableDataSchema }) },
      },
    },
    async (request) => {
      const { schoolId, personId } = request.principal;
      const userMutableData = await updateOwnData(ctx, { schoolId, personId }, request.body.userMutableData);
      return { userMutableData };
    },
  );
}
