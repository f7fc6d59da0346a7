/**
 * The legacy tool-use page's `get_weather(location)`, on a fixed table of stations so the
 * sample runs offline. Shows an optional parameter with a literal-union type.
 */
import { Param, Tool } from 'toolwright';
import { LocationNotFound } from './LocationNotFound';

/** The unit a temperature is reported in. */
export type TemperatureUnit = 'fahrenheit' | 'celsius';

/** What `get_weather` returns. */
export interface WeatherReport {
  /** Where the reading was taken. */
  location: string;
  /** The current temperature, in `unit`. */
  temperature: number;
  unit: TemperatureUnit;
  /** A brief description of the current conditions. */
  conditions: string;
}

/** Readings per station, in Fahrenheit. */
const STATIONS: { name: string; temperatureF: number; conditions: string }[] = [
  { name: 'San Francisco, CA', temperatureF: 61, conditions: 'fog clearing by noon' },
  { name: 'New York, NY', temperatureF: 48, conditions: 'light rain' },
  { name: 'London, UK', temperatureF: 52, conditions: 'overcast' },
  { name: 'Paris, FR', temperatureF: 55, conditions: 'partly cloudy' },
  { name: 'Tokyo, JP', temperatureF: 66, conditions: 'clear' },
];

/** Lower case, single spaces: how locations are compared. */
const normalize = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** Current weather by city. */
export class WeatherService {
  /**
   * Gets the current weather for a specified location.
   * @param location The city and state or country, e.g. San Francisco, CA.
   * @param unit The temperature unit; fahrenheit when omitted.
   * @returns An object with the location, the temperature as a float, its unit, and a brief
   * description of the current conditions.
   * @throws LocationNotFound if the location cannot be found.
   * @example {"location": "San Francisco, CA"}
   * @example {"location": "London, UK", "unit": "celsius"}
   */
  @Tool({ strict: true, annotations: { readOnlyHint: true } })
  getWeather(
    @Param('location') location: string,
    @Param('unit', { optional: true, schema: { type: 'string', enum: ['fahrenheit', 'celsius'] } })
    unit: TemperatureUnit = 'fahrenheit',
  ): WeatherReport {
    const station = STATIONS.find((candidate) => normalize(candidate.name) === normalize(location));
    if (!station)
      throw new LocationNotFound(
        location,
        STATIONS.map((known) => known.name),
      );
    const temperature =
      unit === 'celsius'
        ? Math.round((((station.temperatureF - 32) * 5) / 9) * 10) / 10
        : station.temperatureF;
    return { location: station.name, temperature, unit, conditions: station.conditions };
  }
}
