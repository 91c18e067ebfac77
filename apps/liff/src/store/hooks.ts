import { createAsyncThunk } from '@reduxjs/toolkit';
import { createContext, useContext } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { CallFailure } from '../lib/api-errors.js';
import type { AppDispatch, RootState } from './root-reducer.js';
import type { AppServices } from './services.js';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** Thunks get the services as their extra argument and reject with a {@link CallFailure}. */
export const createAppThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: AppServices;
  rejectValue: CallFailure;
}>();

export const ServicesContext = createContext<AppServices | null>(null);

/** The app's services (API client, storage, settings), for screens that need them directly. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices must be used inside the app providers.');
  return services;
}
