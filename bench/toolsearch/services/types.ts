/** The shape of one service of the realistic bench project: its name, class and tool lines. */

/** One service: `service` is what `toolNames.txt` calls it; each tool is one spec line. */
export interface ServiceSpec {
  service: string;
  className: string;
  /** `methodName(param, optional?) Description.` */
  tools: string[];
}
