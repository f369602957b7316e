import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { nullable } from '@imprest/domain/contract';
import { cachedSerializers } from '../serializer-cache';

const Answer = Type.Object({
  name: nullable(Type.String()),
  amount: nullable(Type.Number()),
  due: nullable(Type.String({ format: 'date' })),
  stage: Type.Union([Type.Literal('under_review'), Type.Literal('not_submitted')]),
  owner: nullable(Type.Object({ id: Type.Integer(), label: Type.String() })),
});

const VALUES = [
  { name: 'Neema', amount: 1250000.5, due: '2026-03-01', stage: 'under_review', owner: { id: 3, label: 'Finance' } },
  { name: null, amount: null, due: null, stage: 'not_submitted', owner: null },
];

/** The answers of an app whose serializers compile their union validators at once (the server) or on first use (tests). */
async function answers(compileValidators: boolean) {
  const app = Fastify({ schemaController: cachedSerializers({ compileValidators }) });
  app.get<{ Querystring: { i: string } }>(
    '/answer',
    { schema: { response: { 200: Answer } } },
    async (request) => VALUES[Number(request.query.i)],
  );
  await app.ready();
  try {
    return await Promise.all(VALUES.map(async (_, i) => (await app.inject({ url: `/answer?i=${i}` })).body));
  } finally {
    await app.close();
  }
}

describe('cached serializers', () => {
  it('answer the same JSON with their union validators compiled before serving as when compiled on first use', async () => {
    const eager = await answers(true);
    expect(eager).toEqual(await answers(false));
    expect(eager.map((body) => JSON.parse(body))).toEqual(VALUES);
  });
});
