import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** A step's word that it has answered the request itself (a refusal): the steps after it do not run. */
export const ANSWERED = Symbol("answered");

/**
 * A reading or a check of a request as it arrives. It goes on (returns nothing), answers the
 * request itself (sends the answer and returns ANSWERED), or needs the database first (returns a
 * promise; a rejection is the request's error).
 */
export type ArrivalStep = (
  request: FastifyRequest,
  reply: FastifyReply,
) => undefined | typeof ANSWERED | Promise<void>;

/** A check of the parsed input, whatever the route's contract: nothing, or the error to refuse it with. */
export type InputStep = (request: FastifyRequest) => Error | null;

/** What an answer gets on its way out (headers, cookies): nothing, or a promise when it must look first. */
export type AnswerStep = (request: FastifyRequest, reply: FastifyReply) => undefined | Promise<void>;

/**
 * The shop's own work on every request, as named steps run by one Fastify hook per phase
 * (decision 0101). Each step is owned by the plugin whose rule it is; the app lists them in the
 * order they must run. One hook per plugin cost a hook dispatch each on every request, the shop's
 * largest share of what a bare route costs over bare Fastify (decision 0100).
 */
export class RequestSteps {
  readonly #arrival: ArrivalStep[] = [];
  readonly #input: InputStep[] = [];
  readonly #answer: AnswerStep[] = [];
  #installed = false;

  onArrival(step: ArrivalStep): this {
    this.#open();
    this.#arrival.push(step);
    return this;
  }

  onInput(step: InputStep): this {
    this.#open();
    this.#input.push(step);
    return this;
  }

  onAnswer(step: AnswerStep): this {
    this.#open();
    this.#answer.push(step);
    return this;
  }

  // A step added after the hooks are made would silently never run.
  #open(): void {
    if (this.#installed) throw new Error("The request steps are installed once, after every step is added.");
  }

  /**
   * Adds the hooks on `app` (one per phase that has steps), where they run after the hooks
   * registered before this call and before those registered after it.
   */
  install(app: FastifyInstance): void {
    this.#open();
    this.#installed = true;
    const arrival = [...this.#arrival];
    const input = [...this.#input];
    const answer = [...this.#answer];
    if (arrival.length > 0)
      app.addHook("onRequest", (request, reply, done) => run(arrival, 0, request, reply, done));
    if (input.length > 0)
      app.addHook("preValidation", (request, _reply, done) => {
        for (const step of input) {
          const refusal = step(request);
          if (refusal) return done(refusal);
        }
        done();
      });
    if (answer.length > 0)
      app.addHook("onSend", (request, reply, _payload, done) => run(answer, 0, request, reply, done));
  }
}

type Done = (error?: Error) => void;

/**
 * What a step threw or its promise failed with, as an error: Fastify takes a falsy error for
 * success, which would run the handler with the steps after the failed one skipped.
 */
const failure = (reason: unknown): Error =>
  reason instanceof Error ? reason : new Error(`A request step failed: ${String(reason)}`);

// Arrival and answer steps alike (an answer step never answers; Fastify keeps the payload when its
// onSend `done` is given none). A step that throws is the request's error, as a hook that throws is;
// `done` itself is called outside the try, so nothing Fastify does after it is mistaken for a step's.
function run(
  steps: ArrivalStep[],
  from: number,
  request: FastifyRequest,
  reply: FastifyReply,
  done: Done,
): void {
  for (let index = from; index < steps.length; index++) {
    let result: ReturnType<ArrivalStep>;
    try {
      result = (steps[index] as ArrivalStep)(request, reply);
    } catch (error) {
      done(failure(error));
      return;
    }
    // A step that sent an answer without saying so stops the rest too, as Fastify stops its hooks.
    if (result === ANSWERED || reply.sent) return;
    if (result === undefined) continue;
    result.then(
      () => {
        if (!reply.sent) run(steps, index + 1, request, reply, done);
      },
      (reason) => done(failure(reason)),
    );
    return;
  }
  done();
}
