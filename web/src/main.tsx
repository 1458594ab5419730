import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom'
import AppRoutes from './router'
import { browserHistory } from './router/leaveGuard'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HistoryRouter history={browserHistory()}>
      <AppRoutes />
    </HistoryRouter>
  </StrictMode>,
)
