import type { Expression } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../../db/client';

/** One address of an audience: lower-cased, once per audience, with the name the merge uses. */
export interface AudienceRecipient {
  email: string;
  first_name: string | null;
}

/** How the console names an audience and why the footer says the reader got the email. */
export interface AudienceDescription {
  /** "Donors to Grant for Congress" */
  label: string;
  /** "you gave to Grant for Congress" (the footer: "You receive this email because …"). */
  reason: string;
}

/**
 * A named query that yields recipients (docs/decisions/0022-mass-email.md). 'campaign-donors' is the first;
 * GOTV registers 'segment' (state, role, membership), candidates their followers. Mass email
 * knows none of them: the app composes the registry (api/modules/mass-email-audiences).
 */
export interface Audience<P extends object = object> {
  kind: string;
  params: z.ZodType<P>;
  /** The field errors when `describe` finds nothing ({ campaignId: ['Choose a campaign that exists.'] }). */
  missing: Record<string, string[]>;
  /** Null when the parameters name nothing (no such campaign): the compose form says so. */
  describe(db: Db, params: P): Promise<AudienceDescription | null>;
  /** A SELECT of AudienceRecipient rows, distinct by email; embedded in count, preview and send. */
  recipients(db: Db, params: P): Expression<AudienceRecipient>;
}

/** kind → audience, built by the app's composition so this module imports no audience's owner. */
export class MassEmailAudiences {
  private readonly audiences = new Map<string, Audience>();

  register<P extends object>(audience: Audience<P>): this {
    if (this.audiences.has(audience.kind)) throw new Error(`Audience '${audience.kind}' is registered twice`);
    this.audiences.set(audience.kind, audience as unknown as Audience);
    return this;
  }

  get(kind: string): Audience | undefined {
    return this.audiences.get(kind);
  }

  kinds(): string[] {
    return [...this.audiences.keys()];
  }
}
