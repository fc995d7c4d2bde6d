// Amplify UI styles only the signed-in app uses (loaded with the app shell chunk).
import '@aws-amplify/ui-react/styles/select.layer.css';
import '@aws-amplify/ui-react/styles/selectField.layer.css';
import '@aws-amplify/ui-react/styles/switchField.layer.css';
import '@aws-amplify/ui-react/styles/textArea.layer.css';
import '@aws-amplify/ui-react/styles/textAreaField.layer.css';
import '@aws-amplify/ui-react/styles/checkbox.layer.css';
import '@aws-amplify/ui-react/styles/checkboxField.layer.css';
import '@aws-amplify/ui-react/styles/table.layer.css';
import '@aws-amplify/ui-react/styles/tabs.layer.css';
import '@aws-amplify/ui-react/styles/menu.layer.css';
import '@aws-amplify/ui-react/styles/badge.layer.css';
import '@aws-amplify/ui-react/styles/divider.layer.css';
import '@aws-amplify/ui-react/styles/alert.layer.css';
import '@aws-amplify/ui-react/styles/heading.layer.css';
import '@aws-amplify/ui-react/styles/text.layer.css';
