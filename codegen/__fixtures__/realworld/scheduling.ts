/** Scheduling a meeting: dates, arrays of emails and numbers validated each. */
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

export class ScheduleMeetingDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(120)
  title!: string;

  @IsISO8601()
  startsAt!: string;

  @IsInt()
  @Min(15)
  @Max(480)
  durationMinutes!: number;

  @IsArray()
  @IsEmail({}, { each: true })
  @ArrayMaxSize(20)
  attendees!: string[];

  @IsOptional()
  @IsIn(['daily', 'weekly', 'monthly'])
  recurrence?: string;

  @IsOptional()
  @IsInt({ each: true })
  @Min(0, { each: true })
  remindersMinutesBefore?: number[];
}
