/** What every mail shows of the company that sends it. */
export interface MailCompany {
  /** The company name; '' is allowed, then the header and footer show no name. */
  name: string;
  /** One line, already joined ("C/ Mayor 3, 28001 Madrid"). */
  address: string | null;
  email: string | null;
  phone: string | null;
  web: string | null;
  /** IANA zone, e.g. Europe/Madrid: every date and time is shown on its clock. */
  timeZone: string;
  /** When set, the header shows `<img src="cid:{logoCid}">`; the worker attaches the logo inline. */
  logoCid: string | null;
  /** PUBLIC_URL without a trailing slash: every link a mail holds starts with it. */
  publicUrl: string;
}
