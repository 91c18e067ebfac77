import node from '@city/eslint-config/node';

export default node;
