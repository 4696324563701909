import { Hono } from "hono";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import { pathId, route } from "../../contract/route.ts";
import { JOB_NOT_FOUND, type JobsService } from "./jobs.service.ts";

/** /api/admin/jobs: a job's progress and report, and cancelling it (staff and owners). */
export function jobsRoutes(jobs: JobsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  route(routes, operations.adminJob, (_c, { params }) => jobs.get(pathId(params.id, JOB_NOT_FOUND)));
  route(routes, operations.adminCancelJob, (_c, { actor, params }) =>
    jobs.cancel({ id: actor.user.id, email: actor.user.email }, pathId(params.id, JOB_NOT_FOUND)),
  );
  return routes;
}
