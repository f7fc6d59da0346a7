'use strict';
/* global exports */
/** The compiled JavaScript of `currency.d.ts`: a validator registered with class-validator. */
const { ValidateBy, buildMessage } = require('class-validator');

exports.IsShopCurrency = (options) =>
  ValidateBy(
    {
      name: 'isShopCurrency',
      validator: {
        validate: (value) => value === 'EUR' || value === 'USD',
        defaultMessage: buildMessage((each) => `${each}$property must be EUR or USD`, options),
      },
    },
    options,
  );
