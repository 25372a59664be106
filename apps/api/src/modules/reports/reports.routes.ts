import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { CashRegistersService } from '../cash-registers/cash-registers.service.js';
import { bookingsReportRoutes } from './bookings-report.routes.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { salesReportRoutes } from './sales-report.routes.js';

/** What the reports read: the database (reads may join every module's tables) and the open register. */
export interface ReportsDeps {
  db: Db;
  cashRegisters: CashRegistersService;
}

/** The dashboard and the reports of issue 18, each a read over several modules' tables. */
export const reportsRoutes =
  (deps: ReportsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(dashboardRoutes(deps));
    await app.register(bookingsReportRoutes(deps));
    await app.register(salesReportRoutes(deps));
  };
