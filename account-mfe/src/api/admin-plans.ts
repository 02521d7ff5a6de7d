/**
 * The yearly plans in the console (administrators): every plan, active or retired, with its features
 * and subscription count; writes with the shared write schemas' bodies. A new price applies to new
 * purchases only (the API keeps each subscription's price).
 */
import type { AdminPlan, AdminPlansQuery, PlanUpdate, PlanWrite } from '@scholars/shared-contracts/schemas';
import { readPage } from './admin';
import { deleteRecord, saveRecord } from './content';

/** `GET admin/plans?q=&active=&page=&limit=`. */
export const fetchAdminPlans = (query: AdminPlansQuery, signal?: AbortSignal) => readPage<AdminPlan>('admin/plans', query, signal);
export const createPlan = (body: PlanWrite) => saveRecord<AdminPlan>('post', 'admin/plans', body);
export const updatePlan = (id: number, body: PlanUpdate) => saveRecord<AdminPlan>('put', `admin/plans/${id}`, body);
export const deletePlan = (id: number, version: number) => deleteRecord(`admin/plans/${id}`, version);
