import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient, detectTransport, setApiClient } from './api/client';
import { subscribeApp } from './api/subscriptions';
import { App } from './app';
import './styles/theme.css';
import './styles/app.css';
import './styles/grading.css';

setApiClient(createApiClient(detectTransport()));
subscribeApp();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
