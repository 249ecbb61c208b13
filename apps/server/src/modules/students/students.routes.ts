import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canViewStudentContact, studentSchema } from '@tun/shared';
import type { AppContext } from '../../context';
import { listStudents } from './students.service';

export async function studentsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/students',
    {
      config: { access: 'students:view' },
      schema: {
        tags: ['students'],
        summary: 'Students and scholars with lines and room; e-mail and phone for staff only',
        response: { 200: z.array(studentSchema) },
      },
    },
    async (request) => {
      const students = await listStudents(ctx.database.db, request.principal.schoolId);
      if (canViewStudentContact(request.principal.roles)) return students;
      return students.map(({ email: _email, phone: _phone, ...student }) => student);
    },
  );
}
