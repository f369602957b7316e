import type { RequestStatus, RetirementStatus } from '@imprest/domain';
import type { FastifyInstance } from 'fastify';
import { loopCaller, type LoopCaller } from './retirements';

/** Park–Miller's minimal standard generator: the same walk on every run and dialect, so a failure replays. */
function random(seed: number) {
  let x = seed % 2_147_483_647;
  return () => (x = (x * 48_271) % 2_147_483_647) / 2_147_483_647;
}

/**
 * What the property tests' random walks of requests and retirements share: a seeded `rand` and
 * `pick`, three request owners and the default chain's two reviewers (signed in in this order),
 * the latest requests and the retirements in a status, and an owner's retirement submission.
 */
export async function randomWalk(app: FastifyInstance, seed: number) {
  const rand = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const owners = [
    await loopCaller(app, 'staff@example.org'),
    await loopCaller(app, 'staff2@example.org'),
    await loopCaller(app, 'admin@example.org'),
  ];
  const finance = await loopCaller(app, 'finance_officer@example.org');
  const secretary = await loopCaller(app, 'executive_secretary@example.org');
  const ownerOf = (id: number): LoopCaller => owners.find((o) => o.id === id)!;
  const latest = (status: RequestStatus) =>
    app.db
      .selectFrom('requests')
      .select(['id', 'request_owner_id', 'current_retirement'])
      .where('is_latest', '=', 1)
      .where('current_status', '=', status)
      .orderBy('id')
      .execute();
  const retirementsIn = (status: RetirementStatus) =>
    app.db.selectFrom('retirements').select(['id', 'owner_id']).where('status', '=', status).orderBy('id').execute();

  /** The owner submits retirement `r` spending `spentOf(the request's amount in minor units)`, in major units; the answer's status code. */
  const submitRetirement = async (r: { id: number; owner_id: number }, spentOf: (requestedCents: number) => number) => {
    const requested = Number(
      (await app.db.selectFrom('requests').select('amount_requested').where('current_retirement', '=', r.id).executeTakeFirstOrThrow())
        .amount_requested,
    );
    const submitted = await ownerOf(r.owner_id).retirements.submit({
      id: r.id,
      comments: '',
      amount_spent: spentOf(requested),
      amount_currency: 'tzs',
      file_paths: [await ownerOf(r.owner_id).receipt()],
    });
    return submitted.statusCode;
  };

  return { rand, pick, owners, finance, secretary, ownerOf, latest, retirementsIn, submitRetirement };
}
