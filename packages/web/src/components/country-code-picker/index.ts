export { CountryCodePicker } from './CountryCodePicker.tsx';
