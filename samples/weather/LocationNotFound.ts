/** The error `get_weather` throws for a place it cannot find; its message reaches the model. */
import { ToolError } from 'toolwright';

/** The location the model asked about is not one the weather service knows. */
export class LocationNotFound extends ToolError {
  constructor(location: string, known: readonly string[]) {
    super(`LocationNotFound: no weather station for "${location}"; known: ${known.join('; ')}`);
    this.name = 'LocationNotFound';
  }
}
