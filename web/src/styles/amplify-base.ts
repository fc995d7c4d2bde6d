// Amplify UI styles, imported per component (the full sheet is ~31 KB gzip). These are what
// the public pages use; the app shell imports the rest in styles/amplify-app.ts.
import '@aws-amplify/ui-react/styles/reset.layer.css';
import '@aws-amplify/ui-react/styles/base.layer.css';
import '@aws-amplify/ui-react/styles/button.layer.css';
import '@aws-amplify/ui-react/styles/field.layer.css';
import '@aws-amplify/ui-react/styles/fieldGroup.layer.css';
import '@aws-amplify/ui-react/styles/fieldMessages.layer.css';
import '@aws-amplify/ui-react/styles/input.layer.css';
import '@aws-amplify/ui-react/styles/textField.layer.css';
import '@aws-amplify/ui-react/styles/passwordField.layer.css';
import '@aws-amplify/ui-react/styles/loader.layer.css';
import '@aws-amplify/ui-react/styles/flex.layer.css';
import '@aws-amplify/ui-react/styles/visuallyHidden.layer.css';
import '@aws-amplify/ui-react/styles/icon.layer.css';
