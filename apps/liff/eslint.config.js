import react from '@city/eslint-config/react';

export default react;
