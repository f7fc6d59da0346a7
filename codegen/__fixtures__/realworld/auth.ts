/** Sign-up and sign-in, as NestJS auth boilerplates write them. */
import {
  IsBoolean,
  IsEmail,
  IsEnum,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';

export enum Role {
  User = 'user',
  Admin = 'admin',
}

export class SignUpDto {
  @IsEmail()
  email!: string;

  @IsString()
  @MinLength(8)
  @MaxLength(64)
  @Matches(/^(?=.*[A-Z])(?=.*\d).+$/, { message: 'password too weak' })
  password!: string;

  @IsString()
  @Length(2, 30)
  displayName!: string;

  @IsBoolean()
  acceptTerms!: boolean;

  @IsOptional()
  @IsString()
  @Length(6, 6)
  referralCode?: string;

  @IsOptional()
  @IsEnum(Role)
  role?: Role;
}

export class SignInDto {
  @IsEmail()
  @IsNotEmpty()
  email!: string;

  @IsString()
  @IsNotEmpty()
  password!: string;

  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;
}
