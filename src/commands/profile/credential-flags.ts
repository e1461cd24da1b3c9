// The flags that create a profile, checked the same way by `fiscal profile add` and `fiscal init`.
import { z } from 'zod';
import { baseUrlProblem } from '../../config/environments.js';

export const credentialFlags = {
  apiId: z.string().trim().min(1, 'must not be empty').regex(/^\S+$/, 'must not contain spaces').optional(),
  apiKeyStdin: z.boolean().default(false),
  baseUrl: z
    .string()
    .trim()
    .optional()
    .superRefine((value, check) => {
      const problem = value === undefined ? undefined : baseUrlProblem(value);
      if (problem) check.addIssue({ code: 'custom', message: problem });
    }),
  force: z.boolean().default(false),
};
