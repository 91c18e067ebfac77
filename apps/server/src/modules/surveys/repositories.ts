// The surveys' repository on each engine.
import type { RepositoryFactory } from '../../db/storage.js';
import { createPostgresSurveyRepository } from './postgres-survey-repository.js';
import { createSqliteSurveyRepository } from './sqlite-survey-repository.js';
import type { SurveyRepository } from './survey-repository.js';

export const surveyRepository: RepositoryFactory<SurveyRepository> = { sqlite: createSqliteSurveyRepository, postgres: createPostgresSurveyRepository };
