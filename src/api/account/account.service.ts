import { isUniqueViolation } from "../../platform/db/errors.ts";
import type { UserRow } from "../../platform/db/schema.ts";
import {
  ACCOUNT_DISABLED,
  type AuthResult,
  type LoginInput,
  type RegisterInput,
  type UpdatePasswordInput,
  type UpdateProfileInput,
  type User,
} from "../../shared/contracts/account.ts";
import { ValidationFailed } from "../errors.ts";
import { hashSecret, newSecret } from "../secrets.ts";
import type { AccountRepository } from "./account.repository.ts";
import type { Identity } from "./auth.ts";
import { refuseCommonPassword } from "./common-passwords.ts";
import { decoyHash, hashPassword, verifyPassword } from "./passwords.ts";

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const BAD_CREDENTIALS = "These credentials do not match our records.";
const EMAIL_TAKEN = "The email has already been taken.";

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    phone: row.phone,
    image: row.image,
    created_at: row.created_at,
  };
}

export function accountService(accounts: AccountRepository) {
  async function issueToken(user: UserRow): Promise<AuthResult> {
    const token = newSecret();
    await accounts.insertToken(
      user.id,
      hashSecret(token),
      new Date(Date.now() + TOKEN_LIFETIME_MS).toISOString(),
    );
    return { token, user: toUser(user) };
  }

  return {
    async register(input: RegisterInput): Promise<AuthResult> {
      if (await accounts.findUserByEmail(input.email)) throw ValidationFailed.field("email", EMAIL_TAKEN);
      refuseCommonPassword(input.password);
      const password_hash = await hashPassword(input.password);
      try {
        const user = await accounts.insertUser({
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          password_hash,
        });
        return await issueToken(user);
      } catch (error) {
        if (isUniqueViolation(error)) throw ValidationFailed.field("email", EMAIL_TAKEN);
        throw error;
      }
    },

    async login(input: LoginInput): Promise<AuthResult> {
      const user = await accounts.findUserByEmail(input.email);
      // Verify against a decoy when the email is unknown, so both failures take the same time.
      const valid = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
      if (!user || !valid) throw new ValidationFailed({ email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
      // Said only to someone who knows the password: nobody else learns that the account exists.
      if (user.disabled_at !== null)
        throw new ValidationFailed({ email: [ACCOUNT_DISABLED] }, ACCOUNT_DISABLED);
      return issueToken(user);
    },

    async updateProfile(identity: Identity, input: UpdateProfileInput): Promise<User> {
      const owner = await accounts.findUserByEmail(input.email);
      if (owner && owner.id !== identity.user.id) throw ValidationFailed.field("email", EMAIL_TAKEN);
      try {
        return toUser(
          await accounts.updateUser(identity.user.id, {
            first_name: input.first_name,
            last_name: input.last_name,
            email: input.email,
            phone: input.phone === "" ? null : input.phone,
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw ValidationFailed.field("email", EMAIL_TAKEN);
        throw error;
      }
    },

    /** Changes the password and signs out every other session; the current token stays valid. */
    async updatePassword(identity: Identity, input: UpdatePasswordInput): Promise<User> {
      if (!(await verifyPassword(input.current_password, identity.user.password_hash))) {
        throw ValidationFailed.field("current_password", "The current password is incorrect.");
      }
      refuseCommonPassword(input.password);
      const user = await accounts.updateUser(identity.user.id, {
        password_hash: await hashPassword(input.password),
      });
      await accounts.revokeOtherTokens(user.id, identity.tokenId);
      return toUser(user);
    },

    logout: (identity: Identity) => accounts.revokeToken(identity.tokenId),
  };
}

export type AccountService = ReturnType<typeof accountService>;
